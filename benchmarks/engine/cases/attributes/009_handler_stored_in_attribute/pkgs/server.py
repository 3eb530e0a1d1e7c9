from mcp.server.fastmcp import FastMCP

from pkgs.entries import ENTRIES

mcp = FastMCP("pypi")
for entry in ENTRIES:
    mcp.add_tool(entry.handler, name=entry.name)
