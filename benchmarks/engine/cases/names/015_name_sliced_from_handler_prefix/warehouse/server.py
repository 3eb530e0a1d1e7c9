from mcp.server.fastmcp import FastMCP

from warehouse import handlers

mcp = FastMCP("warehouse")

for attribute in ("handle_stock_level", "handle_reorder"):
    mcp.add_tool(getattr(handlers, attribute), name=attribute[len("handle_"):])
