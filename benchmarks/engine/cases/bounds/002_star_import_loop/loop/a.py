from fastmcp import FastMCP

__all__ = ["mcp"]
mcp = FastMCP("loop")

from loop.b import *  # noqa: E402,F401,F403
