"""Bookmarks server on the SDK's low-level Server (mcp 1.x).

The read-only search's schema is closed, so the SDK's input validation rejects an unknown
key before the dispatcher runs; the dispatcher does not reject a mutation's unknown keys.
One line, `enforce_policy(server)`, fixes both: no edit per branch.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

STORE = Path.home() / ".bookmarks.json"

server = Server("bookmarks")

SEARCH_SCHEMA = {
    "type": "object",
    "properties": {"query": {"type": "string"}, "max_results": {"type": "integer"}},
    "required": ["query"],
    "additionalProperties": False,
}
ADD_SCHEMA = {
    "type": "object",
    "properties": {"url": {"type": "string"}, "title": {"type": "string"}},
    "required": ["url"],
}


def load() -> dict[str, str]:
    return json.loads(STORE.read_text()) if STORE.exists() else {}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name="search_bookmarks",
            inputSchema=SEARCH_SCHEMA,
            annotations=types.ToolAnnotations(readOnlyHint=True),
        ),
        types.Tool(
            name="add_bookmark",
            inputSchema=ADD_SCHEMA,
            annotations=types.ToolAnnotations(readOnlyHint=False),
        ),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    if name == "search_bookmarks":
        query = arguments["query"]
        hits = [url for url, title in load().items() if query in title or query in url]
        return {"hits": hits[: arguments.get("max_results", 10)]}
    if name == "add_bookmark":
        bookmarks = load()
        bookmarks[arguments["url"]] = arguments.get("title", arguments["url"])
        STORE.write_text(json.dumps(bookmarks))
        return {"added": arguments["url"]}
    raise ValueError(f"unknown tool: {name}")
