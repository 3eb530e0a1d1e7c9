from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, Tool

from .tools import TOOLS
from .toolset import Toolset


class JudgeServer(MCPServer):
    """An MCPServer whose tools/list and tools/call both go through one Toolset."""

    def __init__(self, toolset: Toolset) -> None:
        super().__init__(name="judge")
        self.toolset = toolset

    async def list_tools(self) -> list[Tool]:
        return self.toolset.definitions()

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult:
        return await self.toolset.call(name, arguments)


def build_server() -> JudgeServer:
    return JudgeServer(Toolset(TOOLS))


def main() -> None:
    build_server().run()
