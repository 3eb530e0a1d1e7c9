from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

from .tools import register_catalog_tools


def build_server() -> MCPServer:
    server = MCPServer("media")
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    write_action = ToolAnnotations(read_only_hint=False, destructive_hint=False)
    register_catalog_tools(server, read_only=read_only, write_action=write_action)
    return server


def main() -> None:
    build_server().run()
