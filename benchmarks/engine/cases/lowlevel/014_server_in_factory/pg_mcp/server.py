import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server


def explain(arguments: dict[str, Any]) -> str:
    return "plan"


def create_server(dsn: str) -> Server:
    server = Server("postgres")

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return [types.Tool(name="explain_query",
                           inputSchema={"type": "object", "properties": {"sql": {"type": "string"}}})]

    @server.call_tool()
    async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
        if name == "explain_query":
            return [types.TextContent(type="text", text=json.dumps(explain(arguments)))]
        raise ValueError(name)

    return server
