"""Calendar server: a key the schema dropped is still accepted silently."""

from __future__ import annotations

from typing import Any

from calendar_api import Calendar
from mcp.server.lowlevel import Server
from mcp.types import Tool

from toolargs.runtime import collect_unknown_args, with_unknown_args

server = Server("calendar")
calendar = Calendar.connect()

LIST_EVENTS_ARGS = [
    "day",
    "timezone",
]


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(
            name="list_events",
            inputSchema={
                "type": "object",
                "properties": {
                    "day": {"type": "string", "format": "date"},
                    "timezone": {"type": "string"},
                },
                "required": ["day"],
            },
            annotations={"readOnlyHint": True},
        )
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    if name == "list_events":
        unknown = collect_unknown_args(arguments, LIST_EVENTS_ARGS)
        events = calendar.events(arguments["day"], tz=arguments.get("timezone", "UTC"))
        return with_unknown_args({"events": [e.to_dict() for e in events]}, unknown)
    raise ValueError(f"unknown tool: {name}")
