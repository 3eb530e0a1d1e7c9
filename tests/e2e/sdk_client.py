"""One way to call a tool in process, whichever SDK major is installed.

Import it only after `pytest.importorskip("mcp")`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import anyio

try:  # mcp 2.x
    from mcp import Client

    MAJOR = 2
except ImportError:  # mcp 1.x
    from mcp.shared.memory import create_connected_server_and_client_session

    MAJOR = 1


@dataclass
class Reply:
    """A tool call's result, the same for both majors."""

    is_error: bool
    texts: list[str]
    structured: Any

    @property
    def text(self) -> str:
        return "\n".join(self.texts)

    def mentions_unknown_args(self) -> bool:
        return "unknown_args" in self.text or (
            isinstance(self.structured, dict) and "unknown_args" in self.structured
        )


@asynccontextmanager
async def connect(server: Any) -> AsyncIterator[Any]:
    if MAJOR == 2:
        async with Client(server) as client:
            yield client
    else:
        async with create_connected_server_and_client_session(server) as session:
            yield session


def call(server: Any, name: str, arguments: dict[str, Any]) -> Reply:
    async def run() -> Reply:
        async with connect(server) as client:
            result = await client.call_tool(name, arguments)
        if MAJOR == 2:
            structured, is_error = result.structured_content, result.is_error
        else:
            structured, is_error = result.structuredContent, result.isError
        texts = [block.text for block in result.content if block.type == "text"]
        return Reply(bool(is_error), texts, structured)

    outcome: Reply = anyio.run(run)
    return outcome
