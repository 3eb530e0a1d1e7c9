import httpx

from crawler.server import mcp


@mcp.tool()
def fetch_page(url: str) -> str:
    return httpx.get(url).text
