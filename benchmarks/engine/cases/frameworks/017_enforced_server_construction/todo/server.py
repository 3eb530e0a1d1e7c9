from mcp.server.fastmcp import FastMCP
from toolargs.runtime import enforce_policy

mcp = enforce_policy(
    FastMCP("todo")
)
TASKS: list[str] = []


@mcp.tool()
def add_task(title: str) -> int:
    TASKS.append(title)
    return len(TASKS)
