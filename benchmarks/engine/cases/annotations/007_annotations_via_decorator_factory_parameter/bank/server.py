from fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("bank")


def tool(read_only: bool):
    def register(fn):
        mcp.tool(fn, annotations=ToolAnnotations(readOnlyHint=read_only))
        return fn
    return register


@tool(read_only=True)
def account_summary(account: str) -> dict:
    return {}


@tool(read_only=False)
def standing_order(account: str, amount: int, day: int) -> str:
    return "so_1"
