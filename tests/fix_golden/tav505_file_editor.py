"""File editing server: mutation tools that never reject unknown keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

from toolargs.runtime import (
    MissingParam,
    collect_unknown_args,
)

server = Server("editor")
WORKSPACE = Path.cwd()


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name="delete_lines",
            inputSchema={
                "type": "object",
                "properties": {
                    "path": {"type": "string"},
                    "start": {"type": "integer"},
                    "end": {"type": "integer"},
                },
                "required": ["path", "start", "end"],
            },
        ),
        types.Tool(
            name="insert_at_line",
            inputSchema={
                "type": "object",
                "properties": {
                    "path": {"type": "string"},
                    "line": {"type": "integer"},
                    "text": {"type": "string"},
                },
                "required": ["path", "line", "text"],
            },
        ),
        types.Tool(
            name="replace_lines",
            inputSchema={
                "type": "object",
                "properties": {
                    "path": {"type": "string"},
                    "start": {"type": "integer"},
                    "end": {"type": "integer"},
                    "text": {"type": "string"},
                },
                "required": ["path", "start", "end", "text"],
            },
        ),
    ]


def resolve(raw: str) -> Path:
    path = (WORKSPACE / raw).resolve()
    if WORKSPACE not in path.parents:
        raise MissingParam(f"path outside the workspace: {raw}")
    return path


def delete_lines(arguments: dict[str, Any]) -> list[types.TextContent]:
    """Delete lines start..end (1-based, inclusive)."""
    path = resolve(arguments["path"])
    lines = path.read_text().splitlines(keepends=True)
    del lines[arguments["start"] - 1 : arguments["end"]]
    path.write_text("".join(lines))
    return [types.TextContent(type="text", text=f"deleted lines from {path}")]


def insert_at_line(arguments: dict[str, Any]) -> list[types.TextContent]:
    path = resolve(arguments["path"])
    lines = path.read_text().splitlines(keepends=True)
    lines.insert(arguments["line"] - 1, arguments["text"] + "\n")
    path.write_text("".join(lines))
    return [types.TextContent(type="text", text=f"inserted into {path}")]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name == "delete_lines":
        return delete_lines(arguments)
    if name == "insert_at_line":
        return insert_at_line(arguments)
    if name == "replace_lines":
        path = resolve(arguments["path"])
        lines = path.read_text().splitlines(keepends=True)
        lines[arguments["start"] - 1 : arguments["end"]] = [arguments["text"] + "\n"]
        path.write_text("".join(lines))
        return [types.TextContent(type="text", text=f"replaced lines in {path}")]
    raise MissingParam(f"unknown tool: {name}")
