import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("fs")

import os
from pathlib import Path

READ_ONLY = os.environ.get("FS_READ_ONLY") == "1"
SCHEMA = {"type": "object", "properties": {"path": {"type": "string"}}}
ALL_TOOLS = [
    types.Tool(name="read_file", inputSchema=SCHEMA,
               annotations=types.ToolAnnotations(readOnlyHint=True)),
    types.Tool(name="delete_file", inputSchema=SCHEMA,
               annotations=types.ToolAnnotations(readOnlyHint=False)),
]


def read_file(arguments: dict[str, Any]) -> str:
    return Path(arguments["path"]).read_text()


def delete_file(arguments: dict[str, Any]) -> str:
    Path(arguments["path"]).unlink()
    return "deleted"


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    if READ_ONLY:
        return [t for t in ALL_TOOLS if t.annotations and t.annotations.readOnlyHint]
    return ALL_TOOLS


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name == "read_file":
        text = read_file(arguments)
    elif name == "delete_file":
        text = delete_file(arguments)
    else:
        raise ValueError(name)
    return [types.TextContent(type="text", text=text)]
