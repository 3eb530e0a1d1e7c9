from typing import Any

from mcp.types import ToolAnnotations

from ops_mcp.registry import register_as_tool


class IncidentsClient:
    def __init__(self, read_token: str, base_url: str) -> None:
        self.read_token = read_token
        self.base_url = base_url

    @register_as_tool(
        title="Manage incidents",
        annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False),
    )
    async def manage_incidents(self, operation: str, params: dict | None = None) -> dict[str, Any]:
        return {"operation": operation, "params": params or {}, "url": self.base_url}
