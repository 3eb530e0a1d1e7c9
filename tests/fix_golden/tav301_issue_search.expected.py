"""Issue tracker: the schema gained `state`, the key list did not."""

from __future__ import annotations

from typing import Any

from mcp.server.lowlevel import Server
from mcp.types import Tool, ToolAnnotations

from tracker import Tracker
from toolargs.runtime import collect_unknown_args, optional_usize_with_aliases, with_unknown_args

server = Server("issues")
tracker = Tracker.from_env()

SEARCH_ISSUES_SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "state": {"type": "string", "enum": ["open", "closed", "all"]},
        "max_results": {"type": "integer", "default": 30},
        "labels": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["query"],
}
SEARCH_ISSUES_ARGS = ('query', 'state', 'max_results', 'limit', 'top_k', 'labels')


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(
            name="search_issues",
            inputSchema=SEARCH_ISSUES_SCHEMA,
            annotations=ToolAnnotations(readOnlyHint=True),
        )
    ]


def search_issues(arguments: dict[str, Any]) -> dict[str, Any]:
    unknown = collect_unknown_args(arguments, SEARCH_ISSUES_ARGS)
    limit = optional_usize_with_aliases(arguments, "max_results", ("limit", "top_k"), 30)
    issues = tracker.search(
        arguments["query"],
        state=arguments.get("state", "open"),
        labels=arguments.get("labels", []),
    )
    return with_unknown_args({"issues": [i.summary() for i in issues[:limit]]}, unknown)


HANDLERS = {"search_issues": search_issues}
