import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

from mail_mcp.registry import TOOLS

server = Server("mail")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name=t.name, inputSchema=t.schema) for t in TOOLS]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    spec = next(t for t in TOOLS if t.name == name)
    return [types.TextContent(type="text", text=json.dumps(spec.run(arguments)))]
