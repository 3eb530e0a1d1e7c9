from mcp.server.fastmcp import FastMCP

from atlas.tools import pages, spaces

mcp = FastMCP("atlas")
pages.register(mcp)
spaces.register(mcp)
