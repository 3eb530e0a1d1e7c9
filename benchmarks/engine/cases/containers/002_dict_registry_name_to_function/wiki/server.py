from fastmcp import FastMCP

from wiki import pages  # noqa: F401  (fills the registry)
from wiki.registry import REGISTRY

mcp = FastMCP("wiki")
for name, fn in REGISTRY.items():
    mcp.tool(fn, name=name)
