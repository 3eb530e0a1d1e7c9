from mcp.server.fastmcp import FastMCP

mcp = FastMCP("cyc")

from cyc import tools  # noqa: E402,F401
