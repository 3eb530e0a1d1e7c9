"""Kept for reference: no client of the server is built from this class."""

from ops_mcp.registry import register_as_tool


class AlertsClient:
    @register_as_tool(title="Alert rules")
    async def list_alert_rules(self) -> list[dict]:
        return []
