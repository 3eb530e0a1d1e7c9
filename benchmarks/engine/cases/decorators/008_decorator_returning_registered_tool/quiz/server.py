from fastmcp import FastMCP

mcp = FastMCP("quiz")
REGISTERED: list = []


def remember(tool):
    REGISTERED.append(tool)
    return tool


@remember
@mcp.tool
def next_question(topic: str) -> str:
    return "?"
