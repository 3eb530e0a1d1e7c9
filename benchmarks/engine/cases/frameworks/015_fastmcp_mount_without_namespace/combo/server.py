from fastmcp import FastMCP

from combo.math_tools import math_server

mcp = FastMCP("combo")
mcp.mount(math_server)
