import json
import os
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("calendar")
ENABLED = set(os.environ.get("CALENDAR_TOOLS", "list_events").split(","))
DAY = {"type": "object", "properties": {"day": {"type": "string"}}}
TOOLS = [types.Tool(name="list_events", inputSchema=DAY), types.Tool(name="clear_day", inputSchema=DAY)]


def list_events(arguments: dict[str, Any]) -> list[str]:
    return []


def clear_day(arguments: dict[str, Any]) -> int:
    return 0


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return list(filter(lambda tool: tool.name in ENABLED, TOOLS))


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name == "list_events":
        out: Any = list_events(arguments)
    elif name == "clear_day":
        out = clear_day(arguments)
    else:
        raise ValueError(name)
    return [types.TextContent(type="text", text=json.dumps(out))]
