"""Time server: each branch of the match stores its answer, returned after the match."""

import json
from datetime import datetime, timedelta
from enum import Enum
from typing import Any
from zoneinfo import ZoneInfo

from mcp.server import Server
from mcp.types import TextContent, Tool, ToolAnnotations


class TimeTools(str, Enum):
    GET_CURRENT_TIME = "get_current_time"
    CONVERT_TIME = "convert_time"


READ_ONLY = ToolAnnotations(readOnlyHint=True)

server = Server("mcp-time")


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(
            name=TimeTools.GET_CURRENT_TIME.value,
            description="Get current time in a specific timezone",
            inputSchema={
                "type": "object",
                "properties": {"timezone": {"type": "string"}},
                "required": ["timezone"],
            },
            annotations=READ_ONLY,
        ),
        Tool(
            name=TimeTools.CONVERT_TIME.value,
            description="Convert time between timezones",
            inputSchema={
                "type": "object",
                "properties": {
                    "source_timezone": {"type": "string"},
                    "time": {"type": "string"},
                    "target_timezone": {"type": "string"},
                },
                "required": ["source_timezone", "time", "target_timezone"],
            },
            annotations=READ_ONLY,
        ),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[TextContent]:
    match name:
        case TimeTools.GET_CURRENT_TIME.value:
            now = datetime.now(ZoneInfo(arguments["timezone"]))
            result = [TextContent(type="text", text=json.dumps({"datetime": now.isoformat()}))]

        case TimeTools.CONVERT_TIME.value:
            source = ZoneInfo(arguments["source_timezone"])
            target = ZoneInfo(arguments["target_timezone"])
            hour, minute = (int(part) for part in arguments["time"].split(":"))
            when = datetime.now(source).replace(hour=hour, minute=minute, second=0)
            converted = when.astimezone(target)
            offset = (converted.utcoffset() or timedelta()) - (when.utcoffset() or timedelta())
            payload = {
                "source": when.isoformat(),
                "target": converted.isoformat(),
                "time_difference": f"{offset.total_seconds() / 3600:+.1f}h",
            }
            result = [TextContent(type="text", text=json.dumps(payload, indent=2))]

        case _:
            raise ValueError(f"Unknown tool: {name}")

    return result
