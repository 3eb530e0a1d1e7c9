from dataclasses import dataclass
from typing import Any, Callable

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

TASKS: dict[str, str] = {}


@dataclass(frozen=True)
class Meta:
    title: str
    read_only: bool


META = {
    "today": Meta("List tasks", True),
    "finish": Meta("Add a task", False),
    "digest": Meta("Get a task", True),
}


def today() -> list[str]:
    return sorted(TASKS)


def finish(title: str) -> str:
    TASKS[title] = title
    return title


def digest(title: str) -> str:
    return TASKS[title]


def create_server() -> FastMCP:
    mcp = FastMCP("tasks")
    table: dict[str, Callable[..., Any]] = {
        "today": today,
        "finish": finish,
        "digest": digest,
    }
    for name, function in table.items():
        meta = META[name]
        mcp.add_tool(
            function,
            name=name,
            title=meta.title,
            annotations=ToolAnnotations(title=meta.title, readOnlyHint=meta.read_only),
        )
    return mcp
