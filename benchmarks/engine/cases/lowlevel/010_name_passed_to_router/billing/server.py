import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

from billing import router

server = Server("billing")
ID = {"type": "object", "properties": {"id": {"type": "string"}}}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="get_invoice", inputSchema=ID), types.Tool(name="void_invoice", inputSchema=ID)]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    return [types.TextContent(type="text", text=json.dumps(router.route(name, arguments)))]
