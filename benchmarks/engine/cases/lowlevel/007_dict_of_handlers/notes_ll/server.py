from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

from notes_ll.handlers import HANDLERS

server = Server("notes")
NAME = {"type": "object", "properties": {"name": {"type": "string"}}}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name="read_note", inputSchema=NAME),
        types.Tool(name="write_note", inputSchema={"type": "object", "properties": {"name": {}, "text": {}}}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    handler = HANDLERS.get(name)
    if handler is None:
        raise ValueError(f"unknown tool {name}")
    return [types.TextContent(type="text", text=handler(arguments))]
