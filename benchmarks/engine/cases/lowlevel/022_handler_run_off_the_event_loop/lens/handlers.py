from typing import Any


def health(arguments: dict[str, Any] | None) -> dict[str, Any]:
    return {"ok": True}


def compare_runs(arguments: dict[str, Any] | None) -> dict[str, Any]:
    given = arguments or {}
    return {"delta": len(given.get("candidate", [])) - len(given.get("baseline", []))}
