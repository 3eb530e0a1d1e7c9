"""The MCP Python SDK as the proxy uses it: its stdio server transport and its JSON-RPC
message models, whichever major is installed.

Imported through `importlib` when a proxy runs, so that the rest of toolargs, and mypy,
never need the SDK. Messages cross the relay as the SDK's own models and are read as
plain dicts; SDK 1.x wraps each in a `JSONRPCMessage` root model, 2.x does not.
"""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

INSTALL_HINT = "toolargs proxy needs the MCP Python SDK: pip install 'toolargs[proxy]'"


class SdkMissing(Exception):
    """The SDK cannot be imported: one line for the user."""


@dataclass(frozen=True)
class Sdk:
    """The few SDK pieces the relay needs."""

    adapter: Any  # validates JSON-RPC messages (a pydantic TypeAdapter)
    session_message: Any  # mcp.shared.message.SessionMessage
    stdio: Any  # mcp.server.stdio

    @classmethod
    def load(cls) -> Sdk:
        try:
            types: Any = importlib.import_module("mcp.types")
            message: Any = importlib.import_module("mcp.shared.message")
            stdio: Any = importlib.import_module("mcp.server.stdio")
            pydantic: Any = importlib.import_module("pydantic")
        except ModuleNotFoundError as exc:
            if exc.name is not None and exc.name.split(".")[0] in ("mcp", "pydantic"):
                raise SdkMissing(INSTALL_HINT) from None
            raise SdkMissing(f"the MCP Python SDK cannot be imported: {exc}") from None
        except ImportError as exc:  # an SDK that does not work with the installed pydantic
            raise SdkMissing(f"the MCP Python SDK cannot be imported: {exc}") from None
        adapter = getattr(types, "jsonrpc_message_adapter", None)  # 2.x
        if adapter is None:  # 1.x: a root model, validated the same way
            adapter = pydantic.TypeAdapter(types.JSONRPCMessage)
        return cls(adapter, message.SessionMessage, stdio)

    def parse(self, line: str | bytes) -> Any:
        """One line of JSON-RPC as the SDK's model; ValueError when it is not one."""
        return self.adapter.validate_json(line)

    def build(self, wire: dict[str, Any]) -> Any:
        """The SDK's model of a message given in wire form."""
        return self.adapter.validate_python(wire)

    def dump(self, model: Any) -> str:
        text: str = model.model_dump_json(by_alias=True, exclude_unset=True)
        return text

    def wrap(self, model: Any) -> Any:
        return self.session_message(model)

    @asynccontextmanager
    async def serve_stdio(self) -> AsyncIterator[tuple[Any, Any]]:
        """The SDK's stdio server transport: (messages from the client, to the client)."""
        async with self.stdio.stdio_server() as streams:
            yield streams[0], streams[1]


def inner(model: Any) -> Any:
    """The request, notification, response or error a model holds (1.x: its root)."""
    return getattr(model, "root", model)
