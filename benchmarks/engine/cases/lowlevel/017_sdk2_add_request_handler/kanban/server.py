import asyncio

from mcp.server import Server
from mcp.server.stdio import stdio_server

from kanban.tools import register_tools


async def main() -> None:
    app = Server("kanban")
    register_tools(app, client={"base_url": "http://localhost"})
    async with stdio_server() as (read_stream, write_stream):
        await app.run(read_stream, write_stream, app.create_initialization_options())


def run() -> None:
    asyncio.run(main())
