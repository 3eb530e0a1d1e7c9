import importlib

from mcp.server.fastmcp import FastMCP

from geo3.registry import HANDLERS

MODULE = "geo3.elevation"
importlib.import_module(MODULE)

mcp = FastMCP("geo")
for fn in HANDLERS:
    mcp.add_tool(fn)
