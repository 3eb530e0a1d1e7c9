from typing import Any, Awaitable, Callable

from mcp.types import CallToolResult, TextContent, Tool

Handler = Callable[[dict[str, Any]], Awaitable[str]]


class JudgeTool:
    def __init__(self, definition: Tool, handler: Handler) -> None:
        self.definition = definition
        self.handler = handler


class Toolset:
    """One registry: what it lists is what it dispatches."""

    def __init__(self, tools: tuple[JudgeTool, ...]) -> None:
        self._tools = {tool.definition.name: tool for tool in tools}

    def definitions(self) -> list[Tool]:
        return [tool.definition for tool in self._tools.values()]

    async def call(self, name: str, arguments: dict[str, Any]) -> CallToolResult:
        tool = self._tools[name]
        text = await tool.handler(arguments)
        return CallToolResult(content=[TextContent(type="text", text=text)])
