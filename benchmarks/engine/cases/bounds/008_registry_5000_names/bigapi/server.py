import httpx
from fastmcp import FastMCP

from bigapi.operations import OPERATIONS

BASE_URL = "https://api.example.com"
mcp = FastMCP("bigapi")


def make_handler(method: str, path: str):
    def call(params: dict | None = None) -> dict:
        return httpx.request(method, BASE_URL + path, params=params).json()
    return call


for name, method, path in OPERATIONS:
    mcp.tool(make_handler(method, path), name=name)
