from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

from . import search  # noqa: F401  (registers its tools)
from .registry import LOCAL, TOOLS

mcp = MCPServer("listings")

READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False)
LOCAL_ONLY = ToolAnnotations(read_only_hint=False, destructive_hint=False)

for fn, title in TOOLS:
    mcp.add_tool(fn, title=title, annotations=LOCAL_ONLY if fn in LOCAL else READ_ONLY)
