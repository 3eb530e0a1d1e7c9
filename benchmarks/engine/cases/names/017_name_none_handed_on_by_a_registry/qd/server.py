import os

from mcp.server import MCPServer

from . import collections as collection_tools
from .registry import ToolRegistry

_TOOL_MODULES = (collection_tools,)


def build_server() -> MCPServer:
    server = MCPServer(name="qd")
    registry = ToolRegistry(server, frozenset(os.environ.get("TOOLSETS", "core").split(",")))
    for module in _TOOL_MODULES:
        module.register(registry)
    return server
