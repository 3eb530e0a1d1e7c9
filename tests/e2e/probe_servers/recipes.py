"""A recipe server on the MCP SDK's framework (FastMCP on mcp 1.x, MCPServer on 2.x), for
what the probe may call and the arguments that decide an alias.

- `record_visit` has no annotations and a name that says nothing, so only a guess makes
  it read-only, and it writes: each call appends to $PROBE_MARKER_DIR/record_visit.called.
- `find_recipes` is read-only (annotated) with a required query that must match a recipe:
  the probe's placeholder query matches none, so a limit of 1 changes nothing for it.

`--enforce` applies `toolargs.runtime.enforce_policy`. Usage: python recipes.py [--enforce]
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from common import flag

try:
    from mcp.server.mcpserver import MCPServer as Framework
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as Framework  # type: ignore[no-redef]
from mcp.types import ToolAnnotations

RECIPES = (
    "apple pie", "banana bread", "carrot cake", "lemon tart", "tea loaf", "scones",
    "onion soup", "pea risotto",
)

server = Framework("probe-recipes")


@server.tool()
def record_visit(page: str) -> str:
    """Record that a page of the recipe book was visited."""
    log = Path(os.environ.get("PROBE_MARKER_DIR", "."), "record_visit.called")
    with log.open("a", encoding="utf-8") as visits:
        visits.write(page + "\n")
    return f"visit of {page} recorded"


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
def find_recipes(query: str, max_results: int = 10) -> dict[str, Any]:
    """Recipes whose name holds the query."""
    if not query:
        raise ValueError("query must not be empty")
    return {"query": query, "recipes": [r for r in RECIPES if query in r][:max_results]}


if flag("--enforce"):
    from toolargs.runtime import enforce_policy

    enforce_policy(server)

if __name__ == "__main__":
    server.run()
