"""A task server written by hand: each request is parsed into a dataclass first."""

import asyncio
import json
import sys
from dataclasses import dataclass, field
from typing import Any

TASKS: list[str] = []


@dataclass
class Request:
    method: str
    id: int | None = None
    params: dict[str, Any] = field(default_factory=dict)
    jsonrpc: str = "2.0"


def tool(name: str, description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": properties}}


async def list_tasks(arguments: dict[str, Any]) -> str:
    return "\n".join(TASKS)


async def add_task(arguments: dict[str, Any]) -> str:
    TASKS.append(arguments["title"])
    return "added"


async def respond(request: Request) -> dict[str, Any]:
    if request.method == "tools/list":
        return {"tools": [tool("list_tasks", "List tasks.", {}),
                          tool("add_task", "Add a task.", {"title": {"type": "string"}})]}
    if request.method == "tools/call":
        name = request.params["name"]
        arguments = request.params.get("arguments", {})
        if name == "list_tasks":
            text = await list_tasks(arguments)
        elif name == "add_task":
            text = await add_task(arguments)
        else:
            raise KeyError(name)
        return {"content": [{"type": "text", "text": text}]}
    return {}


async def serve() -> None:
    for line in sys.stdin:
        request = Request(**json.loads(line))
        print(json.dumps({"id": request.id, "result": await respond(request)}), flush=True)


if __name__ == "__main__":
    asyncio.run(serve())
