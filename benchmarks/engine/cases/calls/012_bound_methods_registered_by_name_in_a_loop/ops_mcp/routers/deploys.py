from typing import Any

from mcp.types import ToolAnnotations

from ops_mcp.registry import register_as_tool


class DeploysClient:
    def __init__(self, read_token: str, base_url: str) -> None:
        self.base_url = base_url

    @register_as_tool(title="Manage deployments", annotations=ToolAnnotations(readOnlyHint=True))
    async def manage_deploys(self, operation: str, service: str = "") -> dict[str, Any]:
        return {"operation": operation, "service": service}

    def _headers(self) -> dict[str, str]:
        return {"accept": "application/json"}
