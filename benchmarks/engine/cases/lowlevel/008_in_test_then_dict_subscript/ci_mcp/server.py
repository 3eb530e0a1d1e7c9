import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("ci")


def list_pipelines(arguments: dict[str, Any]) -> list[str]:
    return ["build", "deploy"]


def trigger_pipeline(arguments: dict[str, Any]) -> str:
    return f"started {arguments['pipeline']}"


HANDLERS = {"list_pipelines": list_pipelines, "trigger_pipeline": trigger_pipeline}
SCHEMAS = {
    "list_pipelines": {"type": "object", "properties": {}},
    "trigger_pipeline": {"type": "object", "properties": {"pipeline": {"type": "string"}}},
}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name=name, inputSchema=SCHEMAS[name]) for name in HANDLERS]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name in HANDLERS:
        result = HANDLERS[name](arguments)
        return [types.TextContent(type="text", text=json.dumps(result))]
    raise ValueError(name)
