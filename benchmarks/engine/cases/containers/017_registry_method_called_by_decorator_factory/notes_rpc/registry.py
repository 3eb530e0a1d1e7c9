"""The server and its tool registry: a project decorator registers each function."""

from typing import Any, Callable, Optional

from mcp.server import Server
from mcp.types import TextContent, Tool

server = Server("notes-rpc")


class ToolRegistry:
    def __init__(self) -> None:
        self._tools: dict[str, dict[str, Any]] = {}

    def register(self, name: str, func: Callable[..., str], description: str = "") -> None:
        self._tools[name] = {"func": func, "description": description}

    def get(self, name: str) -> Optional[dict[str, Any]]:
        return self._tools.get(name)

    def all(self) -> dict[str, dict[str, Any]]:
        return self._tools.copy()


REGISTRY = ToolRegistry()


def tool(name: Optional[str] = None, description: Optional[str] = None) -> Callable[..., Any]:
    def decorator(func: Callable[..., str]) -> Callable[..., str]:
        REGISTRY.register(name=name or func.__name__, func=func, description=description or "")
        return func

    return decorator


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(name=name, description=info["description"], inputSchema={"type": "object"})
        for name, info in REGISTRY.all().items()
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[TextContent]:
    info = REGISTRY.get(name)
    if info is None:
        raise ValueError(f"unknown tool: {name}")
    return [TextContent(type="text", text=info["func"](**arguments))]
