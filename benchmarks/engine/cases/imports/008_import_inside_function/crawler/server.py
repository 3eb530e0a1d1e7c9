from mcp.server.fastmcp import FastMCP

mcp = FastMCP("crawler")


def load_tools() -> None:
    from crawler import fetchers  # noqa: F401


load_tools()
