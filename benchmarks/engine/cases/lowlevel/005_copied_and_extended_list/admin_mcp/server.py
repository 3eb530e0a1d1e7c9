import json
import os
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

from admin_mcp.tools import visible_tools

server = Server("admin")
USERS = {"ann": True}


def whoami(arguments: dict[str, Any]) -> str:
    return os.environ.get("USER", "?")


def list_users(arguments: dict[str, Any]) -> list[str]:
    return sorted(USERS)


def disable_user(arguments: dict[str, Any]) -> bool:
    USERS[arguments["user"]] = False
    return True


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return visible_tools(os.environ.get("ADMIN") == "1")


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name == "whoami":
        out = whoami(arguments)
    elif name == "list_users":
        out = list_users(arguments)
    elif name == "disable_user":
        out = disable_user(arguments)
    else:
        raise ValueError(name)
    return [types.TextContent(type="text", text=json.dumps(out))]
