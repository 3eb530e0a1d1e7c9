import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("queue")
QUEUE: list[str] = []


def hints(read_only: bool) -> types.ToolAnnotations:
    return types.ToolAnnotations(readOnlyHint=read_only, destructiveHint=not read_only)


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name="queue_peek", inputSchema={"type": "object", "properties": {}},
                   annotations=hints(True)),
        types.Tool(name="queue_push", inputSchema={"type": "object", "properties": {"item": {}}},
                   annotations=hints(False)),
    ]


def peek(arguments: dict[str, Any]) -> str | None:
    return QUEUE[0] if QUEUE else None


def push(arguments: dict[str, Any]) -> int:
    QUEUE.append(arguments["item"])
    return len(QUEUE)


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name == "queue_peek":
        out = peek(arguments)
    elif name == "queue_push":
        out = push(arguments)
    else:
        raise ValueError(name)
    return [types.TextContent(type="text", text=json.dumps(out))]
