from fastmcp import FastMCP

mcp = FastMCP("dictionary")


@mcp.tool
def lookup(word: str) -> str:
    return word
