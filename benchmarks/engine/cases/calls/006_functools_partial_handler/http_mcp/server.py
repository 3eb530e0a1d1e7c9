import functools

import httpx
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("http")


def fetch(url: str, method: str = "GET") -> str:
    return httpx.request(method, url).text


mcp.add_tool(functools.partial(fetch, method="HEAD"), name="http_head")
mcp.add_tool(fetch, name="http_fetch")
