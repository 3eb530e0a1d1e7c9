import asyncio
from typing import Any

from mcp.server import Server
from mcp.types import CallToolResult, ListToolsResult, TextContent, Tool

from . import sheets
from .journal import journal

TOOL_DEFINITIONS: list[Tool] = [
    Tool(
        name="sheet_names",
        description="The sheets of a workbook.",
        inputSchema={"type": "object", "properties": {"path": {"type": "string"}}},
    ),
    Tool(
        name="rename_sheet",
        description="Rename a sheet.",
        inputSchema={
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "old": {"type": "string"},
                "new": {"type": "string"},
            },
        },
    ),
]

TOOL_HANDLERS = {
    "sheet_names": sheets.sheet_names,
    "rename_sheet": sheets.rename_sheet,
}


async def on_list_tools(ctx: Any, params: Any) -> ListToolsResult:
    return ListToolsResult(tools=TOOL_DEFINITIONS)


async def on_call_tool(ctx: Any, params: Any) -> CallToolResult:
    name = params.name
    arguments = params.arguments or {}
    handler = TOOL_HANDLERS.get(name)
    if handler is None:
        return CallToolResult(content=[TextContent(type="text", text="unknown tool")], isError=True)
    ok = True
    try:
        text = str(await asyncio.to_thread(handler, **arguments))
    except Exception as error:
        ok, text = False, f"Error: {error}"
    journal.record(name, arguments, ok)
    return CallToolResult(content=[TextContent(type="text", text=text)], isError=not ok)


server = Server("doc-mcp", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
