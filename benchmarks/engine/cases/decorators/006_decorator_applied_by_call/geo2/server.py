from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("maps")
read_only_tool = mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))


def distance(a: str, b: str) -> float:
    return 0.0


def route(a: str, b: str) -> list[str]:
    return [a, b]


read_only_tool(distance)
read_only_tool(route)
