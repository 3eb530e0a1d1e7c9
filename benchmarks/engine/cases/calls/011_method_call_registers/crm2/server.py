from mcp.server.fastmcp import FastMCP

from crm2.groups import DealTools

mcp = FastMCP("crm")
DealTools("https://crm.example/api").install(mcp)
