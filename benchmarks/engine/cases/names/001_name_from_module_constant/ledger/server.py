from mcp.server.fastmcp import FastMCP

from ledger import constants
from ledger.constants import TOOL_BALANCE

mcp = FastMCP("ledger")


@mcp.tool(name=TOOL_BALANCE)
def balance(account: str) -> float:
    return 0.0


@mcp.tool(name=constants.TOOL_TRANSFER)
def transfer(source: str, target: str, amount: float) -> bool:
    return True
