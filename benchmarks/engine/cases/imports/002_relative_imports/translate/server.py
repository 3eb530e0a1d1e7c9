from mcp.server.fastmcp import FastMCP

mcp = FastMCP("translate")

from . import tools  # noqa: E402,F401
