from mcp.server.fastmcp import FastMCP

from sheets.tools import TOOLS

mcp = FastMCP("sheets")
for tool_fn in TOOLS:
    mcp.add_tool(tool_fn)
