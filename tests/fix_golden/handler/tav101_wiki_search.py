"""Wiki server: read-only tools that ignore keys they do not know."""

from __future__ import annotations

from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

from wiki.store import PageStore

server = Server("wiki")
store = PageStore.open("wiki.db")

SEARCH_PAGES_SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "space": {"type": "string"},
        "max_results": {"type": "integer", "default": 20},
    },
    "required": ["query"],
}
GET_PAGE_SCHEMA = {
    "type": "object",
    "properties": {"title": {"type": "string"}, "revision": {"type": "integer"}},
    "required": ["title"],
}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    read_only = types.ToolAnnotations(readOnlyHint=True)
    return [
        types.Tool(name="search_pages", inputSchema=SEARCH_PAGES_SCHEMA, annotations=read_only),
        types.Tool(name="get_page", inputSchema=GET_PAGE_SCHEMA, annotations=read_only),
    ]


def search_pages(arguments: dict[str, Any]) -> dict[str, Any]:
    """Full-text search, best matches first."""
    query = arguments["query"].strip()
    space = arguments.get("space")
    if not query:
        return {"pages": [], "note": "empty query"}

    hits = store.search(query, space=space)
    return {"pages": [hit.title for hit in hits]}


def get_page(arguments: dict[str, Any]) -> dict[str, Any]:
    page = store.get(arguments["title"], revision=arguments.get("revision"))
    result = {"title": page.title, "body": page.body}
    if page.redirect:
        result["redirect"] = page.redirect
    return result


HANDLERS = {"search_pages": search_pages, "get_page": get_page}


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return HANDLERS[name](arguments)
