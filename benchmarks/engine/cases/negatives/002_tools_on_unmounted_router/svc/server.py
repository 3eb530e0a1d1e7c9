from mcp.server.fastmcp import FastMCP

from svc.router import router  # noqa: F401  (kept for a future HTTP API)

mcp = FastMCP("svc")


@mcp.tool()
def ping() -> str:
    return "pong"
