from typing import Any, Callable

from mcp.server import Server
from mcp.types import CallToolResult, ListToolsResult, TextContent, Tool


def create_mcp_server(name: str, handlers: dict[str, Callable[..., Any]]) -> Server:
    return Server(name=name, **handlers)


class BaseServer:
    """Shared plumbing: subclasses register their tools after calling __init__."""

    def __init__(self, name: str) -> None:
        self._tools: list[dict[str, Any]] = []
        self._tool_handlers: dict[str, Callable[..., Any]] = {}
        self.server = create_mcp_server(name, self._build_handlers())

    def register_tools(self, tools: list[dict[str, Any]]) -> None:
        self._tools.extend(tools)

    def register_tool_handler(self, name: str, handler: Callable[..., Any]) -> None:
        self._tool_handlers[name] = handler

    def _build_handlers(self) -> dict[str, Callable[..., Any]]:
        async def on_list_tools(ctx: Any, params: Any) -> ListToolsResult:
            listed = []
            for tool in self._tools:
                listed.append(
                    Tool(
                        name=tool["name"],
                        description=tool["description"],
                        inputSchema=tool["inputSchema"],
                    )
                )
            return ListToolsResult(tools=listed)

        async def on_call_tool(ctx: Any, params: Any) -> CallToolResult:
            handler = self._tool_handlers[params.name]
            result = await handler(params.arguments or {})
            return CallToolResult(content=[TextContent(type="text", text=str(result))])

        return {"on_list_tools": on_list_tools, "on_call_tool": on_call_tool}

    def run(self) -> None:
        self.server.run()
