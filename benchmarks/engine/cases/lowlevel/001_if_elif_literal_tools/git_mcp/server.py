import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("git")


def git_status(arguments: dict[str, Any]) -> dict[str, Any]:
    return {"clean": True}


def git_log(arguments: dict[str, Any]) -> dict[str, Any]:
    return {"commits": []}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name="git_status", description="Working tree status",
                   inputSchema={"type": "object", "properties": {"repo": {"type": "string"}}}),
        types.Tool(name="git_log", description="Recent commits",
                   inputSchema={"type": "object", "properties": {"repo": {"type": "string"}}}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name == "git_status":
        result = git_status(arguments)
    elif name == "git_log":
        result = git_log(arguments)
    else:
        raise ValueError(f"unknown tool {name}")
    return [types.TextContent(type="text", text=json.dumps(result))]
