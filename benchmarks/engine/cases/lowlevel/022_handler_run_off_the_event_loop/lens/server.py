import asyncio
import json
from typing import Any

from mcp.server.lowlevel import Server
from mcp.types import TextContent, Tool

from lens.handlers import compare_runs, health

server = Server("lens")

_DISPATCH = {"core.health": health, "lens.compare_runs": compare_runs}


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(name="core.health", inputSchema={"type": "object", "properties": {}}),
        Tool(
            name="lens.compare_runs",
            inputSchema={
                "type": "object",
                "properties": {"baseline": {"type": "array"}, "candidate": {"type": "array"}},
            },
        ),
    ]


async def handle_call_tool(name: str, arguments: dict[str, Any] | None) -> list[TextContent]:
    handler = _DISPATCH.get(name)
    if handler is None:
        raise ValueError(name)

    def execute() -> dict[str, Any]:
        return handler(arguments)

    result = await asyncio.to_thread(execute)
    return [TextContent(type="text", text=json.dumps(result))]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any] | None) -> list[TextContent]:
    return await handle_call_tool(name, arguments)
