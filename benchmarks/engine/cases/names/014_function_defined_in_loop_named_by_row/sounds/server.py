from mcp.server.fastmcp import FastMCP

from .library import register_library_tools

mcp = FastMCP("sounds")
register_library_tools(mcp)


def main() -> None:
    mcp.run()
