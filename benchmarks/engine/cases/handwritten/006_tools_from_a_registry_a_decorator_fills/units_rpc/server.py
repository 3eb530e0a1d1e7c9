"""A unit converter written by hand: the tools a decorator registered, listed as dicts."""

import json
import sys

from . import conversions  # noqa: F401  (registers the tools)
from .registry import REGISTRY


def answer(method: str, params: dict) -> dict:
    if method == "tools/list":
        return {"tools": [{"name": name, "inputSchema": entry["schema"]}
                          for name, entry in REGISTRY.items()]}
    if method == "tools/call":
        entry = REGISTRY[params["name"]]
        return {"content": [{"type": "text", "text": entry["fn"](params.get("arguments", {}))}]}
    return {}


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        result = answer(message["method"], message.get("params", {}))
        print(json.dumps({"jsonrpc": "2.0", "id": message.get("id"), "result": result}))
