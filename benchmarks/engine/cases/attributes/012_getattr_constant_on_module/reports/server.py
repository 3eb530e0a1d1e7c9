from mcp.server.fastmcp import FastMCP

from reports import handlers

mcp = FastMCP("reports")
mcp.add_tool(getattr(handlers, "export_report"))
