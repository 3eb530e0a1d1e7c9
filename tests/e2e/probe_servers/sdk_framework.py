"""An MCP SDK framework server (FastMCP on mcp 1.x, MCPServer on mcp 2.x) over stdio.

`--enforce` applies `toolargs.runtime.enforce_policy`; without it the SDK drops unknown
keys. Usage: python sdk_framework.py [--enforce] [--http PORT]
"""

from __future__ import annotations

import sys
from typing import Any

from common import flag, hits, outline, side_effect

try:
    from mcp.server.mcpserver import MCPServer as Framework
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as Framework  # type: ignore[no-redef]
from mcp.types import ToolAnnotations

READ_ONLY = ToolAnnotations(readOnlyHint=True)

server = Framework("probe-sdk-framework")


@server.tool(annotations=READ_ONLY)
def search(query: str, max_results: int = 5) -> dict[str, Any]:
    """Search the index."""
    return hits(query, max_results)


@server.tool(annotations=READ_ONLY, structured_output=False)
def outline_file(path: str) -> str:
    """Outline a file."""
    return outline(path)


@server.tool(annotations=READ_ONLY)
def broken(query: str) -> str:
    """A read-only tool that always fails."""
    raise RuntimeError("index not loaded")


@server.tool()
def replace_lines(path: str, start: int, text: str) -> str:
    """Replace lines of a file (a mutation by its name)."""
    return side_effect("replace_lines", {"path": path, "start": start, "text": text})


@server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))
def write_note(text: str) -> str:
    """Write a note (a mutation by its annotation)."""
    return side_effect("write_note", {"text": text})


if flag("--enforce"):
    from toolargs.runtime import enforce_policy

    enforce_policy(server)

if __name__ == "__main__":
    if flag("--http"):
        port = int(sys.argv[sys.argv.index("--http") + 1])
        if hasattr(server.settings, "port"):  # mcp 1.x: settings; 2.x: arguments of run
            server.settings.port, server.settings.host = port, "127.0.0.1"
            server.run("streamable-http")
        else:
            server.run("streamable-http", host="127.0.0.1", port=port)
    else:
        server.run()
