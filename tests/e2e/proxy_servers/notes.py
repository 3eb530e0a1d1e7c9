"""What every proxy test server shares: a small notes service and its journal.

Each tool call the server receives is appended to $PROXY_JOURNAL (one JSON line: the
tool and the arguments exactly as they arrived), so that a test sees what reached the
upstream through the proxy: keys taken out, an alias mapped, a refused call absent.
"""

from __future__ import annotations

import json
import os
from typing import Any

JOURNAL = "PROXY_JOURNAL"

NOTES = {"groceries": "eggs, milk", "todo": "call the bank"}


def received(tool: str, arguments: dict[str, Any]) -> None:
    path = os.environ.get(JOURNAL)
    if path:
        with open(path, "a", encoding="utf-8") as journal:
            journal.write(json.dumps({"tool": tool, "arguments": arguments}) + "\n")


def search_notes(query: str, max_results: int = 3) -> dict[str, Any]:
    hits = [f"{query}-{i}" for i in range(max_results)]
    return {"query": query, "hits": hits}


def read_note(name: str) -> str:
    return NOTES.get(name, f"no note named {name}")


def write_note(name: str, text: str) -> str:
    NOTES[name] = text
    return f"saved {name}"


def echo(text: str) -> str:
    return text
