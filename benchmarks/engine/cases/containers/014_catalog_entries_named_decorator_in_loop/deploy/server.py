from mcp.server.fastmcp import FastMCP

from deploy.catalog import register_catalog

mcp = FastMCP("deploy")
register_catalog(mcp)
