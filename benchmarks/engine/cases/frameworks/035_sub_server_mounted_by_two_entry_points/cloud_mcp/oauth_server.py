from fastmcp import FastMCP

from .dns import create_dns_mcp


def create_oauth_server(client):
    mcp = FastMCP(name="cloud-oauth")
    mcp.mount(create_dns_mcp(client))
    return mcp


def run_oauth_server():
    create_oauth_server(object()).run()
