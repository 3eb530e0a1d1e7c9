from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mcp.server.fastmcp import FastMCP


def describe(server: FastMCP) -> str:
    return f"server {server.name}"


def tool_names(server: FastMCP) -> list[str]:
    return [t.name for t in server._tool_manager.list_tools()]
