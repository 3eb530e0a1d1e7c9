from fastmcp import FastMCP

from platform_mcp.api import api

main = FastMCP("platform")
main.mount(api, namespace="api")
