import os

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("tenant")
TENANT = os.environ["TENANT_ID"]


def usage_report(month: str) -> dict:
    return {"month": month}


mcp.add_tool(usage_report, name=f"{TENANT}_usage_report")
