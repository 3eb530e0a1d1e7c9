TOOL_BALANCE = "ledger_balance"
TOOL_TRANSFER = "ledger_transfer"
