"""A low-level MCP SDK server (`mcp.server.lowlevel.Server`, either major) over stdio.

Its dispatcher reads the arguments as they come: an unknown key is ignored (dropped),
whichever major validates them against the schema. Usage: python lowlevel.py
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from notes import echo, read_note, received, search_notes, write_note

try:
    from mcp.server.mcpserver import MCPServer  # noqa: F401  (only to tell the majors apart)

    MAJOR = 2
except ImportError:
    MAJOR = 1

READ_ONLY = types.ToolAnnotations(readOnlyHint=True)
MUTATION = types.ToolAnnotations(readOnlyHint=False, destructiveHint=False)


def tool(name: str, properties: dict[str, Any], required: list[str], annotations: Any) -> Any:
    schema = {"type": "object", "properties": properties, "required": required}
    return types.Tool(name=name, description=name, inputSchema=schema, annotations=annotations)


TOOLS = [
    tool(
        "search_notes",
        {"query": {"type": "string"}, "max_results": {"type": "integer"}},
        ["query"],
        READ_ONLY,
    ),
    tool("read_note", {"name": {"type": "string"}}, ["name"], READ_ONLY),
    tool("write_note", {"name": {"type": "string"}, "text": {"type": "string"}},
         ["name", "text"], MUTATION),
    tool("echo", {"text": {"type": "string"}}, ["text"], READ_ONLY),
]


def run_tool(name: str, arguments: dict[str, Any]) -> tuple[str, Any]:
    """The text of the answer and its structured content (None for plain text)."""
    received(name, arguments)
    if name == "search_notes":
        found = search_notes(arguments["query"], arguments.get("max_results", 3))
        return json.dumps(found), found
    if name == "read_note":
        return read_note(arguments["name"]), None
    if name == "write_note":
        return write_note(arguments["name"], arguments["text"]), None
    if name == "echo":
        return echo(arguments["text"]), None
    raise ValueError(f"no tool {name}")


def build() -> Any:
    if MAJOR == 2:

        async def list_tools(ctx: Any, params: Any) -> Any:
            return types.ListToolsResult(tools=TOOLS)

        async def call_tool(ctx: Any, params: Any) -> Any:
            text, structured = run_tool(params.name, params.arguments or {})
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=text)],
                structured_content=structured,
            )

        return Server("proxy-lowlevel", on_list_tools=list_tools, on_call_tool=call_tool)

    server = Server("proxy-lowlevel")

    @server.list_tools()  # type: ignore[untyped-decorator]
    async def list_tools_v1() -> list[Any]:
        return TOOLS

    @server.call_tool()  # type: ignore[untyped-decorator]
    async def call_tool_v1(name: str, arguments: dict[str, Any]) -> Any:
        text, structured = run_tool(name, arguments)
        content = [types.TextContent(type="text", text=text)]
        return (content, structured) if structured is not None else content

    return server


async def main() -> None:
    server = build()
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
