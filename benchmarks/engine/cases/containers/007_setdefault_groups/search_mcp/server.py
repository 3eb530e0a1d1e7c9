from mcp.server.fastmcp import FastMCP

import search_mcp.engines  # noqa: F401
from search_mcp.registry import GROUPS

mcp = FastMCP("search")
for group, functions in GROUPS.items():
    for fn in functions:
        mcp.add_tool(fn)
