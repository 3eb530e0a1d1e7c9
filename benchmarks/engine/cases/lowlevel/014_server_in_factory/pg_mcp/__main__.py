import asyncio
import os

from mcp.server.stdio import stdio_server

from pg_mcp.server import create_server


async def main() -> None:
    server = create_server(os.environ["DATABASE_URL"])
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


asyncio.run(main())
