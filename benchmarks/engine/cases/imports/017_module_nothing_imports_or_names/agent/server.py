from mcp.server.fastmcp import FastMCP

from agent import notes  # noqa: F401  (registers its tools on `mcp`)

mcp = FastMCP("agent")


@mcp.tool()
def plan(goal: str) -> list[str]:
    return [goal]


def main() -> None:
    mcp.run()
