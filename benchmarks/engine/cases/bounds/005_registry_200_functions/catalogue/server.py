from mcp.server.fastmcp import FastMCP

from catalogue.endpoints import ENDPOINTS

mcp = FastMCP("catalogue")
for fn in ENDPOINTS:
    mcp.add_tool(fn)
