from mcp.server.fastmcp import FastMCP

import hr.employees  # noqa: F401
from hr.registry import registry

mcp = FastMCP("hr")
for fn in registry.functions:
    mcp.add_tool(fn)
