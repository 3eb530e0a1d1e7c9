import importlib

from mcp.server.fastmcp import FastMCP

from ops.registry import TOOLS

for module in ("disks", "procs"):
    importlib.import_module(f"ops.tools.{module}")

mcp = FastMCP("ops")
for fn in TOOLS:
    mcp.add_tool(fn)
