from typing import Any

from mcp.types import (
    CallToolRequestParams,
    CallToolResult,
    ListToolsResult,
    PaginatedRequestParams,
    TextContent,
    Tool,
)

from kanban.cards import CARD_TOOLS, handle_card_tool

BOARD_TOOLS = [Tool(name="list_boards", inputSchema={"type": "object", "properties": {}})]


def register_tools(app: Any, client: dict) -> None:
    async def on_list_tools(ctx: Any, params: PaginatedRequestParams | None) -> ListToolsResult:
        return ListToolsResult(tools=BOARD_TOOLS + CARD_TOOLS)

    async def on_call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
        name = params.name
        arguments = params.arguments or {}
        if name == "list_boards":
            text = await _list_boards(client, arguments)
        else:
            text = await handle_card_tool(name, arguments, client)
            if text is None:
                raise ValueError(f"unknown tool: {name}")
        return CallToolResult(content=[TextContent(type="text", text=text)])

    app.add_request_handler("tools/list", PaginatedRequestParams, on_list_tools)
    app.add_request_handler("tools/call", CallToolRequestParams, on_call_tool)


async def _list_boards(client: dict, arguments: dict[str, Any]) -> str:
    return f"boards of {client['base_url']}"
