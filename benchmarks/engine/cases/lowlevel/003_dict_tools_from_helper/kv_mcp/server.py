import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("kv")

STORE: dict[str, str] = {}


def spec(name: str, description: str, *keys: str) -> dict[str, Any]:
    return {
        "name": name,
        "description": description,
        "inputSchema": {"type": "object", "properties": {k: {"type": "string"} for k in keys}},
    }


SPECS = [spec("kv_get", "Read a key", "key"), spec("kv_set", "Write a key", "key", "value")]


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(**s) for s in SPECS]


async def kv_call(name: str, arguments: dict[str, Any]) -> Any:
    if name == "kv_get":
        return STORE.get(arguments["key"])
    if name == "kv_set":
        STORE[arguments["key"]] = arguments["value"]
        return True
    raise ValueError(name)


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    value = await kv_call(name, arguments)
    return [types.TextContent(type="text", text=json.dumps(value))]
