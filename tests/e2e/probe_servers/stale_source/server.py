"""An out-of-date copy of sdk_framework.py, as a checkout can hold next to what runs.

The cross-check must see every way it disagrees with the running server: `search`
annotated destructive here (the running server lists it read-only), `outline_file`
and `broken` missing, `archive` here but not served.
"""

from __future__ import annotations

from typing import Any

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

server = FastMCP("probe-sdk-framework")


@server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))
def search(query: str, max_results: int = 5) -> dict[str, Any]:
    """Search the index, and drop the entries it finds."""
    return {"query": query, "max_results": max_results}


@server.tool()
def replace_lines(path: str, start: int, text: str) -> str:
    return "replaced"


@server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))
def write_note(text: str) -> str:
    return "written"


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
def archive(query: str) -> str:
    return "archived"
