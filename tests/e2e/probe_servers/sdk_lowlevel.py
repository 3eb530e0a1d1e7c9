"""A low-level MCP SDK server (`mcp.server.lowlevel.Server`, either major) over stdio.

Its dispatcher resolves arguments through `ToolPolicy` with `--policy`, and reads them
as they come without it. Usage: python sdk_lowlevel.py [--policy]
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import mcp.types as types
from common import flag, hits, side_effect
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from toolargs.runtime import MissingParam, ToolPolicy

try:
    from mcp.server.mcpserver import MCPServer  # noqa: F401  (only to tell the majors apart)

    MAJOR = 2
except ImportError:
    MAJOR = 1

READ_ONLY = types.ToolAnnotations(readOnlyHint=True)


def tool(name: str, schema: dict[str, Any], annotations: Any = None) -> types.Tool:
    return types.Tool(
        name=name, description=name, inputSchema=schema, annotations=annotations
    )


TOOLS = [
    tool(
        "search",
        {
            "type": "object",
            "properties": {"query": {"type": "string"}, "max_results": {"type": "integer"}},
            "required": ["query"],
        },
        READ_ONLY,
    ),
    tool(
        "lookup",
        {
            "type": "object",
            "properties": {"key": {"type": "string"}},
            "required": ["key"],
            "additionalProperties": False,
        },
        READ_ONLY,
    ),
    tool(
        "echo_args",
        {
            "type": "object",
            "properties": {
                "kind": {"enum": ["beta", "alpha"]},
                "depth": {"type": "integer", "minimum": 3},
                "opts": {
                    "type": "object",
                    "properties": {"strict": {"type": "boolean"}},
                    "required": ["strict"],
                },
                "tags": {"type": "array", "items": {"type": "string"}},
                "note": {"type": "string"},
            },
            "required": ["kind", "depth", "opts", "tags"],
        },
        READ_ONLY,
    ),
    tool(
        "pick",
        {"type": "object", "properties": {"choice": {"enum": []}}, "required": ["choice"]},
        READ_ONLY,
    ),
    tool(
        "delete_lines",
        {
            "type": "object",
            "properties": {"path": {"type": "string"}, "start": {"type": "integer"}},
            "required": ["path", "start"],
        },
    ),
]
POLICY = ToolPolicy.from_tools(TOOLS)


def run_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    if flag("--policy"):
        resolution = POLICY.resolve(name, arguments)  # raises MissingParam for mutations
        args, finish = resolution.arguments, resolution.with_unknown_args
    else:
        args, finish = arguments, (lambda payload: payload)
    if name == "search":
        return finish(hits(args["query"], args.get("max_results", 5)))
    if name == "lookup":
        return finish({"key": args["key"], "value": 42})
    if name == "echo_args":
        return finish({"received": args})
    if name == "delete_lines":
        return finish({"result": side_effect(name, args)})
    raise ValueError(f"no tool {name}")


def build() -> Server:
    if MAJOR == 2:

        async def list_tools(ctx: Any, params: Any) -> Any:
            return types.ListToolsResult(tools=TOOLS)

        async def call_tool(ctx: Any, params: Any) -> Any:
            try:
                payload = run_tool(params.name, params.arguments or {})
            except MissingParam as exc:
                return types.CallToolResult(
                    content=[types.TextContent(type="text", text=str(exc))], is_error=True
                )
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=json.dumps(payload))],
                structured_content=payload,
            )

        return Server("probe-lowlevel", on_list_tools=list_tools, on_call_tool=call_tool)

    server = Server("probe-lowlevel")

    @server.list_tools()  # type: ignore[untyped-decorator]
    async def list_tools_v1() -> list[types.Tool]:
        return TOOLS

    @server.call_tool()  # type: ignore[untyped-decorator]
    async def call_tool_v1(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return run_tool(name, arguments)

    return server


async def main() -> None:
    server = build()
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
