import asyncio
import inspect
import typing as t
from functools import cache

from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.types import TextContent, Tool

from . import tools

app = Server("chat")


@cache
def enumerate_available_tools() -> t.Generator[tuple[str, Tool], None, None]:
    for _, tool_class in inspect.getmembers(tools, inspect.isclass):
        if issubclass(tool_class, tools.ToolArgs) and tool_class != tools.ToolArgs:
            description = tools.tool_description(tool_class)
            yield description.name, description


mapping: dict[str, Tool] = dict(enumerate_available_tools())


@app.list_tools()
async def list_tools() -> list[Tool]:
    return list(mapping.values())


@app.call_tool()
async def call_tool(name: str, arguments: t.Any) -> t.Sequence[TextContent]:
    tool = mapping.get(name)
    if not tool:
        raise ValueError(f"Unknown tool: {name}")
    args = tools.tool_args(tool, **arguments)
    return await tools.tool_runner(args)


async def run() -> None:
    async with stdio_server() as (read_stream, write_stream):
        await app.run(read_stream, write_stream, app.create_initialization_options())


def main() -> None:
    asyncio.run(run())
