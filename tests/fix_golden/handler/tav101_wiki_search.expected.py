"""Wiki server: read-only tools that ignore keys they do not know."""

from __future__ import annotations

from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server
from toolargs.runtime import collect_unknown_args, with_unknown_args

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
SEARCH_PAGES_KNOWN_ARGS = ("query", "space", "max_results", "limit", "top_k")
GET_PAGE_SCHEMA = {
    "type": "object",
    "properties": {"title": {"type": "string"}, "revision": {"type": "integer"}},
    "required": ["title"],
}
GET_PAGE_KNOWN_ARGS = ("title", "revision")


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
    unknown = collect_unknown_args(arguments, SEARCH_PAGES_KNOWN_ARGS)
    if not query:
        return with_unknown_args({"pages": [], "note": "empty query"}, unknown)

    hits = store.search(query, space=space)
    return with_unknown_args({"pages": [hit.title for hit in hits]}, unknown)


def get_page(arguments: dict[str, Any]) -> dict[str, Any]:
    page = store.get(arguments["title"], revision=arguments.get("revision"))
    unknown = collect_unknown_args(arguments, GET_PAGE_KNOWN_ARGS)
    result = {"title": page.title, "body": page.body}
    if page.redirect:
        result["redirect"] = page.redirect
    return with_unknown_args(result, unknown)


HANDLERS = {"search_pages": search_pages, "get_page": get_page}


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return HANDLERS[name](arguments)
