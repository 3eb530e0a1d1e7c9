"""A plugin for a host MCP server: the host calls register(mcp)."""

from pkg_plugin.tools import register

__all__ = ["register"]
