from mcp.server.fastmcp import FastMCP

import chem.tools  # noqa: F401
from chem.tooling import Tool

mcp = FastMCP("chem")
for t in Tool.all:
    mcp.add_tool(t.fn, name=t.name)
