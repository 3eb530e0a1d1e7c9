from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class ToolSpec:
    name: str
    schema: dict[str, Any]
    run: Callable[[dict[str, Any]], Any]


def list_inbox(arguments: dict[str, Any]) -> list[str]:
    return []


def send_mail(arguments: dict[str, Any]) -> str:
    return "queued"


TOOLS = [
    ToolSpec("list_inbox", {"type": "object", "properties": {"folder": {"type": "string"}}}, list_inbox),
    ToolSpec("send_mail", {"type": "object", "properties": {"to": {}, "body": {}}}, send_mail),
]
