import importlib
import os

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("ledger")

HANDLERS = os.path.join(os.path.dirname(__file__), "handlers")

for entry in sorted(os.listdir(HANDLERS)):
    if entry.endswith(".py") and entry != "__init__.py":
        module = importlib.import_module(f"ledger_mcp.handlers.{os.path.splitext(entry)[0]}")
        mcp.add_tool(module.handle, name=module.NAME)
