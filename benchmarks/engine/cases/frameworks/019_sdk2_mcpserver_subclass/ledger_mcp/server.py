from ledger_mcp.base import AuditedServer

server = AuditedServer("ledger")


@server.tool()
def post_entry(account: str, amount: int) -> str:
    server.audit_log.append(account)
    return "posted"
