from pathlib import Path
from typing import Any, Callable

from fastmcp import FastMCP

NOTES = Path.home() / "memo"


def register_tool(mcp: FastMCP, func: Callable[..., Any]) -> None:
    mcp.tool()(func)


async def recall(topic: str) -> list[str]:
    return sorted(p.read_text() for p in NOTES.glob(f"{topic}*.txt"))


async def remember(topic: str, note: str) -> str:
    (NOTES / f"{topic}.txt").write_text(note)
    return "ok"
