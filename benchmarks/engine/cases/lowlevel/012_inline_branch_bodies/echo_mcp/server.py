import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("echo")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    text = {"type": "object", "properties": {"text": {"type": "string"}}}
    return [types.Tool(name="echo", inputSchema=text), types.Tool(name="shout", inputSchema=text)]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name == "echo":
        return [types.TextContent(type="text", text=arguments["text"])]
    if name == "shout":
        return [types.TextContent(type="text", text=arguments["text"].upper())]
    raise ValueError(name)
