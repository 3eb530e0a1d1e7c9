import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("time")

from datetime import datetime
from enum import Enum
from zoneinfo import ZoneInfo


class TimeTools(str, Enum):
    GET_CURRENT_TIME = "get_current_time"
    CONVERT_TIME = "convert_time"


def current(arguments: dict[str, Any]) -> str:
    return datetime.now(ZoneInfo(arguments["timezone"])).isoformat()


def convert(arguments: dict[str, Any]) -> str:
    return datetime.fromisoformat(arguments["time"]).astimezone(ZoneInfo(arguments["target"])).isoformat()


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name=TimeTools.GET_CURRENT_TIME.value,
                   inputSchema={"type": "object", "properties": {"timezone": {"type": "string"}}}),
        types.Tool(name=TimeTools.CONVERT_TIME.value,
                   inputSchema={"type": "object", "properties": {"time": {}, "target": {}}}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    match name:
        case TimeTools.GET_CURRENT_TIME.value:
            text = current(arguments)
        case TimeTools.CONVERT_TIME.value:
            text = convert(arguments)
        case _:
            raise ValueError(name)
    return [types.TextContent(type="text", text=text)]
