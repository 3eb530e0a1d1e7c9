"""A harbour's berths, served by chuk-mcp-server."""

from chuk_mcp_server import ChukMCPServer

from .tools import register_tools

mcp = ChukMCPServer("berths")
register_tools(mcp)
