from fastmcp import FastMCP

from dns_tools.lookups import resolve, reverse

mcp = FastMCP("dns")
mcp.add_tool(resolve)
mcp.add_tool(reverse)
