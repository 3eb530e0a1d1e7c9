from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("vectors")
INDEX: dict[str, list[float]] = {}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name="upsert_vector",
            description="Store a vector under a key.",
            inputSchema={"type": "object", "properties": {"key": {"type": "string"}}},
        ),
        types.Tool(
            name="vector_count",
            description="How many vectors are stored.",
            inputSchema={"type": "object", "properties": {}},
        ),
    ]


async def _upsert(arguments: dict[str, Any]) -> list[types.TextContent]:
    INDEX[arguments["key"]] = arguments.get("values", [])
    return [types.TextContent(type="text", text="ok")]


async def _count(arguments: dict[str, Any]) -> list[types.TextContent]:
    return [types.TextContent(type="text", text=str(len(INDEX)))]


async def _query(arguments: dict[str, Any]) -> list[types.TextContent]:
    # Kept for a later release: answered if called, but not listed yet.
    return [types.TextContent(type="text", text=str(sorted(INDEX)[:10]))]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name == "upsert_vector":
        return await _upsert(arguments)
    elif name == "vector_count":
        return await _count(arguments)
    elif name == "query_vectors":
        return await _query(arguments)
    raise ValueError(f"unknown tool {name}")
