from mcp.server.fastmcp import FastMCP

mcp = FastMCP("agent")


@mcp.tool()
def plan(goal: str) -> list[str]:
    return [goal]
