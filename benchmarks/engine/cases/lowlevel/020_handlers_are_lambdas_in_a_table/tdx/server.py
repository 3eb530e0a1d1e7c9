import json

from mcp.server import Server
from mcp.types import TextContent, Tool

app = Server("tdx")

TOOLS = [
    Tool(name="get_quote", description="A quote", inputSchema={"type": "object"}),
    Tool(name="check_version", description="The version", inputSchema={"type": "object"}),
]


def _get_quote(code: str) -> dict[str, float]:
    return {code: 1.0}


def _check_version() -> str:
    return "1.0"


TOOL_HANDLERS = {
    "get_quote": lambda args: _get_quote(code=args.get("code", "")),
    "check_version": lambda args: _check_version(),
}


@app.list_tools()
async def list_tools() -> list[Tool]:
    return TOOLS


@app.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    handler = TOOL_HANDLERS.get(name)
    if not handler:
        return [TextContent(type="text", text=f"unknown tool: {name}")]
    return [TextContent(type="text", text=json.dumps(handler(arguments)))]
