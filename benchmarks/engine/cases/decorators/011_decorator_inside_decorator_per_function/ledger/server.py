from fastmcp import FastMCP

from ledger.guards import needs_write_access

ledger = FastMCP("ledger")


@ledger.tool(name="post_entry")
@needs_write_access
async def post_entry(account: str, amount: int) -> dict:
    return {"account": account, "amount": amount}


@ledger.tool(name="void_entry")
@needs_write_access
async def void_entry(entry_id: str) -> dict:
    return {"voided": entry_id}


@ledger.tool(name="close_period")
@needs_write_access
async def close_period(period: str) -> dict:
    return {"closed": period}
