from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

from . import rooms  # noqa: F401  (fills TOOLS)
from .registry import TOOLS

READ_ONLY = ToolAnnotations(read_only_hint=True)
mcp = MCPServer("stays", title="Stays")

for fn, title in TOOLS:
    mcp.add_tool(fn, title=title, annotations=READ_ONLY)
