import json
from typing import Any

from mcp.server import Server, ServerRequestContext
from mcp.types import (
    CallToolRequestParams,
    CallToolResult,
    ListToolsResult,
    PaginatedRequestParams,
    TextContent,
    Tool,
)


class FetchServer:
    _TOOL_DEFS: list[dict[str, Any]] = [
        {
            "name": "fetch_page",
            "description": "The text of a page.",
            "input_schema": {"type": "object", "properties": {"url": {"type": "string"}}},
        },
        {
            "name": "cache_clear",
            "description": "Empties the page cache.",
            "input_schema": {"type": "object", "properties": {}},
        },
    ]

    def __init__(self) -> None:
        self.cache: dict[str, str] = {}

    def build_mcp_server(self) -> Server:
        async def handle_list_tools(
            ctx: ServerRequestContext, params: PaginatedRequestParams | None
        ) -> ListToolsResult:
            return ListToolsResult(tools=[Tool(**td) for td in self._TOOL_DEFS])

        async def handle_call_tool(
            ctx: ServerRequestContext, params: CallToolRequestParams
        ) -> CallToolResult:
            result = await self._dispatch(params.name, params.arguments or {})
            return CallToolResult(content=[TextContent(type="text", text=json.dumps(result))])

        return Server("fetch", on_list_tools=handle_list_tools, on_call_tool=handle_call_tool)

    async def _dispatch(self, name: str, args: dict[str, Any]) -> Any:
        if name == "fetch_page":
            return self.cache.get(args["url"], "")
        if name == "cache_clear":
            self.cache.clear()
            return "cleared"
        raise ValueError(f"unknown tool: {name}")

    def serve(self) -> None:
        server = self.build_mcp_server()
        server.run()


def main() -> None:
    FetchServer().serve()
