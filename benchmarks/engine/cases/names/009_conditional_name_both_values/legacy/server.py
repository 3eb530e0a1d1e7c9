import os

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("legacy")
NAME = "search" if os.environ.get("LEGACY_NAMES") else "search_records"


@mcp.tool(name=NAME)
def search(query: str) -> list[dict]:
    return []
