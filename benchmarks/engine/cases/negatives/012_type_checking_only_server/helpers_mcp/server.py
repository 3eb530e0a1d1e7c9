from mcp.server.fastmcp import FastMCP

from helpers_mcp.util import describe

mcp = FastMCP("helpers")


@mcp.tool()
def about() -> str:
    return describe(mcp)
