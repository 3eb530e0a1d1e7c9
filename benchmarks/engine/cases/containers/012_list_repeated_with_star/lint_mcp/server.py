import subprocess

from mcp.server.fastmcp import FastMCP


def run_ruff(path: str) -> str:
    return subprocess.run(["ruff", "check", path], capture_output=True, text=True).stdout


DEFAULT = [run_ruff]
TOOLS = (DEFAULT * 1).copy()

mcp = FastMCP("lint")
for fn in TOOLS:
    mcp.add_tool(fn)
