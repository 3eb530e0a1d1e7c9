import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

TABLE = {
    "list_jobs": {"type": "object", "properties": {"folder": {"type": "string"}}},
    "build_job": {"type": "object", "properties": {"job": {"type": "string"}}},
}


class JenkinsServer:
    def __init__(self) -> None:
        self.server = Server("jenkins")
        self.server.list_tools()(self.list_tools)
        self.server.call_tool()(self.call_tool)

    async def list_tools(self) -> list[types.Tool]:
        tools = []
        for name, schema in TABLE.items():
            tools.append(types.Tool(name=name, inputSchema=schema))
        return tools

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
        handler = getattr(self, f"_tool_{name}")
        return [types.TextContent(type="text", text=json.dumps(handler(arguments)))]

    def _tool_list_jobs(self, arguments: dict[str, Any]) -> list[str]:
        return []

    def _tool_build_job(self, arguments: dict[str, Any]) -> int:
        return 1


app = JenkinsServer()
