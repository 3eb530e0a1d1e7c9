from fastmcp import FastMCP

from .dns import create_dns_mcp


def create_server(client):
    mcp = FastMCP(name="cloud")
    mcp.mount(create_dns_mcp(client), prefix="dns")
    return mcp


def run_server():
    create_server(object()).run()
