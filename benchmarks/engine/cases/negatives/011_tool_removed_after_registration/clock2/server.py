import os
import time

from fastmcp import FastMCP

mcp = FastMCP("clock")


@mcp.tool
def get_time() -> float:
    return time.time()


@mcp.tool
def debug_env() -> dict:
    return dict(os.environ)


mcp.remove_tool("debug_env")
