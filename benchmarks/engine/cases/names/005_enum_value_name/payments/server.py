from fastmcp import FastMCP

from payments.names import ToolName

mcp = FastMCP("payments")


@mcp.tool(name=ToolName.CHARGE.value)
def charge(customer: str, cents: int) -> str:
    return "ch_1"


@mcp.tool(name=ToolName.REFUND.value)
def refund(charge_id: str) -> str:
    return "re_1"
