"""Weather server: a tool with no limit field still lists the limit aliases."""

from __future__ import annotations

from typing import Any

from mcp.server.lowlevel import Server
from mcp.types import Tool

from toolargs.runtime import collect_unknown_args, with_unknown_args
from weather import forecast_for

server = Server("weather")

FORECAST_SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "days": {"type": "integer", "default": 3}},
    "required": ["city"],
}
FORECAST_ARGS = {"city", "days", "limit", "top_k"}


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [Tool(name="forecast", inputSchema=FORECAST_SCHEMA, annotations={"readOnlyHint": True})]


async def forecast(arguments: dict[str, Any]) -> dict[str, Any]:
    unknown = collect_unknown_args(arguments, FORECAST_ARGS)
    days = forecast_for(arguments["city"], days=int(arguments.get("days", 3)))
    return with_unknown_args({"city": arguments["city"], "days": days}, unknown)


TOOL_HANDLERS = {"forecast": forecast}
