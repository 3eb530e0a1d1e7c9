from fastmcp import FastMCP

from crm3.annotations import READ_ONLY, WRITES

mcp = FastMCP("crm")


@mcp.tool(annotations=READ_ONLY)
def lead_lookup(email: str) -> dict:
    return {}


@mcp.tool(annotations=WRITES)
def lead_stage(lead_id: int, stage: str) -> str:
    return stage
