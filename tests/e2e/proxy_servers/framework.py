"""An MCP SDK framework server (FastMCP on mcp 1.x, MCPServer on mcp 2.x) over stdio.

The SDK drops unknown keys for every tool: a handler never sees them. Usage:
python framework.py
"""

from __future__ import annotations

from typing import Any

import notes

try:
    from mcp.server.mcpserver import MCPServer as Framework
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as Framework  # type: ignore[no-redef]
from mcp.types import ToolAnnotations

READ_ONLY = ToolAnnotations(readOnlyHint=True)

server = Framework("proxy-framework")


@server.tool(annotations=READ_ONLY)
def search_notes(query: str, max_results: int = 3) -> dict[str, Any]:
    """Search the notes."""
    notes.received("search_notes", {"query": query, "max_results": max_results})
    return notes.search_notes(query, max_results)


@server.tool(annotations=READ_ONLY, structured_output=False)
def read_note(name: str) -> str:
    """Read one note."""
    notes.received("read_note", {"name": name})
    return notes.read_note(name)


@server.tool(annotations=ToolAnnotations(readOnlyHint=False))
def write_note(name: str, text: str) -> str:
    """Write a note."""
    notes.received("write_note", {"name": name, "text": text})
    return notes.write_note(name, text)


@server.tool(annotations=READ_ONLY, structured_output=False)
def echo(text: str) -> str:
    """Say it back."""
    return notes.echo(text)


if __name__ == "__main__":
    server.run()
