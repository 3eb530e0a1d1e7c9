from fastmcp import FastMCP

from lab import api

mcp = FastMCP("lab")
mcp.add_tool(api.list_samples)
mcp.add_tool(api.label_sample)
