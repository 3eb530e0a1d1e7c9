from typing import Any

from mcp.server.lowlevel import Server
from mcp.types import TextContent, Tool

from agentic.registry import list_tools as registry_tools

server = Server("agentic")


@server.list_tools()
async def list_tools() -> list[Tool]:
    tools = []
    for entry in registry_tools():
        tools.append(Tool(name=entry["name"], inputSchema=entry["input_schema"]))
    return tools


def compare_runs(arguments: dict[str, Any]) -> str:
    return str(len(arguments["baseline"]) - len(arguments["candidate"]))


def version(arguments: dict[str, Any]) -> str:
    return "1.0"


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[TextContent]:
    if name == "compare_runs":
        text = compare_runs(arguments)
    elif name == "version":
        text = version(arguments)
    else:
        raise ValueError(name)
    return [TextContent(type="text", text=text)]
