"""A standalone fastmcp server over stdio.

`--middleware` adds `toolargs.fastmcp.PolicyMiddleware`, `--enforce` calls
`toolargs.runtime.enforce_policy` (which adds the same middleware); without either,
fastmcp refuses unknown keys with pydantic's error.
Usage: python fastmcp_server.py [--middleware | --enforce]
"""

from __future__ import annotations

from typing import Any

from common import flag, hits, outline, side_effect
from fastmcp import FastMCP

READ_ONLY = {"readOnlyHint": True}

server: Any = FastMCP("probe-fastmcp")


@server.tool(annotations=READ_ONLY)
def search(query: str, max_results: int = 5) -> dict[str, Any]:
    """Search the index."""
    return hits(query, max_results)


@server.tool(annotations=READ_ONLY)
def outline_file(path: str) -> str:
    """Outline a file."""
    return outline(path)


@server.tool()
def replace_lines(path: str, start: int, text: str) -> str:
    """Replace lines of a file (a mutation by its name)."""
    return side_effect("replace_lines", {"path": path, "start": start, "text": text})


@server.tool(annotations={"readOnlyHint": False, "destructiveHint": True})
def write_note(text: str) -> str:
    """Write a note (a mutation by its annotation)."""
    return side_effect("write_note", {"text": text})


if flag("--middleware"):
    from toolargs.fastmcp import PolicyMiddleware

    server.add_middleware(PolicyMiddleware())
elif flag("--enforce"):
    from toolargs.runtime import enforce_policy

    enforce_policy(server)

if __name__ == "__main__":
    server.run(show_banner=False)
