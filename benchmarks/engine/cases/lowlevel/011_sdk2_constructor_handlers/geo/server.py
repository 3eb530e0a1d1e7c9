from typing import Any

from mcp.server import Server
from mcp.types import CallToolRequestParams, CallToolResult, ListToolsResult, TextContent, Tool

POINT = {"type": "object", "properties": {"lat": {"type": "number"}, "lon": {"type": "number"}}}


def geocode(arguments: dict[str, Any]) -> str:
    return f"{arguments['lat']},{arguments['lon']}"


async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
    return ListToolsResult(tools=[Tool(name="geocode", inputSchema=POINT)])


async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
    if params.name == "geocode":
        text = geocode(params.arguments or {})
        return CallToolResult(content=[TextContent(type="text", text=text)])
    raise ValueError(params.name)


server = Server("geo", on_list_tools=list_tools, on_call_tool=call_tool)
