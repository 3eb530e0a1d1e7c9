"""Almanac: every @tool function under tools/ is served, found by fastmcp itself."""

from pathlib import Path

from fastmcp import FastMCP
from fastmcp.server.providers import FileSystemProvider

TOOLS = Path(__file__).parent / "tools"

mcp = FastMCP(
    "almanac",
    providers=[FileSystemProvider(TOOLS, reload=False)],
)


def main() -> None:
    mcp.run()
