"""A hand-written server whose dispatcher object is told its handlers by method."""

from typing import Any, Callable

from .catalog import BY_NAME, LOOKUPS


class Dispatcher:
    def __init__(self) -> None:
        self.handlers: dict[str, Callable[..., Any]] = {}
        self.register("ping", self._ping)
        self.register("tools/list", self._list_tools)
        self.register("tools/call", self._call_tool)

    def register(self, method: str, handler: Callable[..., Any]) -> None:
        self.handlers[method] = handler

    def _ping(self, params: dict[str, Any]) -> dict[str, Any]:
        return {}

    def _list_tools(self, params: dict[str, Any]) -> dict[str, Any]:
        return {"tools": [lookup.definition() for lookup in LOOKUPS]}

    def _call_tool(self, params: dict[str, Any]) -> dict[str, Any]:
        lookup = BY_NAME[params["name"]]
        return {"content": [{"type": "text", "text": run_lookup(lookup, params["arguments"])}]}

    def dispatch(self, message: dict[str, Any]) -> dict[str, Any]:
        handler = self.handlers[message["method"]]
        return {"jsonrpc": "2.0", "id": message["id"], "result": handler(message.get("params"))}


def run_lookup(lookup: Any, arguments: dict[str, Any]) -> str:
    return lookup.run(arguments)
