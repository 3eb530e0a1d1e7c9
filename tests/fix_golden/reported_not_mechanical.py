"""Snippets server: what `toolargs fix` reports but never rewrites.

Its low-level server is built outside the package (snippets_host): no enforce_policy
line can be added where it is built, so each handler is judged on its own."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from mcp.types import TextContent, Tool
from snippets_host import server

from toolargs.runtime import MissingParam, collect_unknown_args

SEARCH_SNIPPETS_ARGS = ("query", "max_results", "limit", "top_k")
RUN_SNIPPET_ARGS = ("name", "timeout")


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(
            name="list_snippets",
            inputSchema={"type": "object", "properties": {"language": {"type": "string"}}},
            annotations={"readOnlyHint": True},
        ),
        Tool(
            name="search_snippets",
            inputSchema={
                "type": "object",
                "properties": {
                    "query": {"type": "string"},
                    "max_results": {"type": "integer"},
                },
            },
            annotations={"readOnlyHint": True},
        ),
        Tool(
            name="run_snippet",
            inputSchema={
                "type": "object",
                "properties": {"name": {"type": "string"}, "timeout": {"type": "number"}},
            },
            annotations={"readOnlyHint": False},
        ),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[TextContent]:
    if name == "list_snippets":
        # The response is built after the dispatch: where unknown_args goes is a choice.
        listed = sorted(load_snippets(arguments.get("language")))
    elif name == "search_snippets":
        unknown = collect_unknown_args(arguments, SEARCH_SNIPPETS_ARGS)
        # No default: which one to use is for a person to say.
        hits = find(arguments["query"], arguments.get("max_results"))
        payload = {"hits": hits}
        payload["unknown_args"] = list(unknown)
        return [TextContent(type="text", text=json.dumps(payload))]
    elif name == "run_snippet":
        subprocess.run(["snippet-runner", arguments["name"]], check=True)
        for key in arguments:
            if key not in RUN_SNIPPET_ARGS:
                raise MissingParam(f"unknown arg: {key}")
        return [TextContent(type="text", text="ok")]
    else:
        raise MissingParam(f"unknown tool: {name}")
    return [TextContent(type="text", text=json.dumps(listed))]


def load_snippets(language: str | None) -> list[str]:
    return []


def find(query: str, limit: int | None) -> list[str]:
    return []
