import json
from typing import Any

from fastmcp import FastMCP
from fastmcp.tools import FunctionTool, Tool


class KbServer(FastMCP):
    def add_tool(self, tool: Tool) -> Tool:
        """Dedents the description before registering."""
        if tool.description:
            tool.description = tool.description.strip()
        return super().add_tool(tool)


class JsonFunctionTool(FunctionTool):
    """A tool whose result is rendered as compact JSON."""

    def _serialize(self, data: Any) -> str:
        return json.dumps(data, separators=(",", ":"))
