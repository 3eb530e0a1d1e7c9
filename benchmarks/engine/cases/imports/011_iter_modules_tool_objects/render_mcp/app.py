from mcp.server.mcpserver import MCPServer

from render_mcp import tools

server = MCPServer("render", tools=tools.load_all())


def main() -> None:
    server.run()
