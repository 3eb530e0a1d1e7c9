from mcp.server.fastmcp import FastMCP

PREFIX = "confluence_"
mcp = FastMCP("confluence")


@mcp.tool(name=PREFIX + "search")
def search(cql: str) -> list[dict]:
    return []


@mcp.tool(name=PREFIX + "get_page")
def get_page(page_id: str) -> dict:
    return {}
