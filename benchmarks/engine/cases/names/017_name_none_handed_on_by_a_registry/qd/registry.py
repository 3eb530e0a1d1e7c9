from collections.abc import Callable
from typing import Any

from mcp.server import MCPServer


class ToolRegistry:
    """Adds a tool unless its toolset is off; `name=None` keeps the function's name."""

    def __init__(self, server: MCPServer, enabled: frozenset[str]) -> None:
        self._server = server
        self._enabled = enabled

    def register(
        self, fn: Callable[..., Any], *, toolset: str, name: str | None = None
    ) -> None:
        if toolset not in self._enabled:
            return
        self._server.add_tool(fn, name=name)
