"""Log search server: limit fields read directly, so `limit` and `top_k` are ignored."""

from __future__ import annotations

from typing import Any

from logstore import LogStore
from mcp.server.lowlevel import Server
from mcp.types import Tool

from toolargs.runtime import collect_unknown_args, optional_usize_with_aliases, with_unknown_args

server = Server("logs")
logs = LogStore("/var/log/app")

SEARCH_ARGS = ("query", "service", "max_results", "limit", "top_k")
TAIL_ARGS = ("service", "max_results", "limit", "top_k")
ERRORS_ARGS = ("service", "max_matches", "limit", "top_k")


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(
            name="search_logs",
            inputSchema={
                "type": "object",
                "properties": {
                    "query": {"type": "string"},
                    "service": {"type": "string"},
                    "max_results": {"type": "integer", "default": 50},
                },
            },
            annotations={"readOnlyHint": True},
        ),
        Tool(
            name="tail",
            inputSchema={
                "type": "object",
                "properties": {
                    "service": {"type": "string"},
                    "max_results": {"type": "integer", "default": 10},
                },
            },
            annotations={"readOnlyHint": True},
        ),
        Tool(
            name="recent_errors",
            inputSchema={
                "type": "object",
                "properties": {
                    "service": {"type": "string"},
                    "max_matches": {"type": "integer", "default": 20},
                },
            },
            annotations={"readOnlyHint": True},
        ),
    ]


def search_logs(args: dict[str, Any]) -> dict[str, Any]:
    unknown = collect_unknown_args(args, SEARCH_ARGS)
    max_results = optional_usize_with_aliases(args, "max_results", ("limit", "top_k"), 50)
    hits = logs.search(args["query"], service=args.get("service"))
    return with_unknown_args({"hits": hits[:max_results]}, unknown)


def tail(args: dict[str, Any]) -> dict[str, Any]:
    unknown = collect_unknown_args(args, TAIL_ARGS)
    count = optional_usize_with_aliases(args, "max_results", ("limit", "top_k"), 10)
    return with_unknown_args({"lines": logs.tail(args["service"], count)}, unknown)


def recent_errors(args: dict[str, Any]) -> dict[str, Any]:
    unknown = collect_unknown_args(args, ERRORS_ARGS)
    count = int(optional_usize_with_aliases(args, 'max_matches', ('limit', 'top_k'), 20))
    errors = logs.errors(args["service"])[:count]
    return with_unknown_args({"errors": errors}, unknown)


HANDLERS = {"search_logs": search_logs, "tail": tail, "recent_errors": recent_errors}
