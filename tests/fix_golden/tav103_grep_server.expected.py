"""Repository grep server: unknown_args added to every response, even when empty."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcp.server.lowlevel import Server
from mcp.types import Tool, ToolAnnotations

from toolargs.runtime import collect_unknown_args, optional_usize_with_aliases, with_unknown_args

ROOT = Path.cwd()
server = Server("grep")

GREP_ARGS = ("pattern", "glob", "max_matches", "limit", "top_k")
LIST_FILES_ARGS = ("glob",)


@server.list_tools()
async def list_tools() -> list[Tool]:
    read_only = ToolAnnotations(readOnlyHint=True)
    return [
        Tool(
            name="grep",
            inputSchema={
                "type": "object",
                "properties": {
                    "pattern": {"type": "string"},
                    "glob": {"type": "string", "default": "**/*.py"},
                    "max_matches": {"type": "integer", "default": 100},
                },
                "required": ["pattern"],
            },
            annotations=read_only,
        ),
        Tool(
            name="list_files",
            inputSchema={"type": "object", "properties": {"glob": {"type": "string"}}},
            annotations=read_only,
        ),
    ]


def grep(args: dict[str, Any]) -> dict[str, Any]:
    unknown = collect_unknown_args(args, GREP_ARGS)
    limit = optional_usize_with_aliases(args, "max_matches", ("limit", "top_k"), 100)
    matches = []
    for path in sorted(ROOT.glob(args.get("glob", "**/*.py"))):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if args["pattern"] in line:
                matches.append({"path": str(path), "line": number, "text": line})
    payload: dict[str, Any] = {"matches": matches[:limit]}
    # Tell the caller which keys were ignored.
    if unknown:
        payload["unknown_args"] = unknown
    return payload


def list_files(args: dict[str, Any]) -> dict[str, Any]:
    unknown = collect_unknown_args(args, LIST_FILES_ARGS)
    files = sorted(str(p) for p in ROOT.glob(args.get("glob", "*")))
    return with_unknown_args(
        {
            "files": files,
        },
        unknown,
    )


TOOL_HANDLERS = {"grep": grep, "list_files": list_files}
