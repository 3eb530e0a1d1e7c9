from typing import Any

from fastmcp import FastMCP
from fastmcp.tools import Tool
from fastmcp.tools.tool import ToolResult

from .backend import call_backend
from .registry import tool_specs

mcp = FastMCP("sheets")


class RegistryTool(Tool):
    """A tool whose schema comes from the registry and whose call goes to the backend."""

    def __init__(self, *, tool_name: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        object.__setattr__(self, "_tool_name", tool_name)

    async def run(self, arguments: dict[str, Any]) -> ToolResult:
        return ToolResult(structured_content=call_backend(self._tool_name, dict(arguments)))


for spec in tool_specs():
    mcp.add_tool(
        RegistryTool(
            tool_name=spec["name"],
            name=spec["name"],
            description=spec["description"],
            parameters=spec["input_schema"],
        )
    )
