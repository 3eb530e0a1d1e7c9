import json
from pathlib import Path
from typing import Any


class Journal:
    """Every call, one JSON line."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)

    def record(self, tool: str, args: dict[str, Any], ok: bool) -> None:
        entry = {"tool": tool, "args": self._summary(args), "ok": ok}
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(entry) + "\n")

    def _summary(self, args: dict[str, Any]) -> dict[str, Any]:
        return {key: str(value)[:80] for key, value in args.items()}


journal = Journal("calls.jsonl")
