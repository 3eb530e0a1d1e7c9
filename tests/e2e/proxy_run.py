"""Talking to an upstream through `toolargs proxy`, with the MCP SDK's own client.

The proxy runs as a user runs it (`python -m toolargs proxy ... -- CMD`), started by the
SDK's stdio client; every answer is read in its wire form (camelCase), which both SDK
majors give alike. Import it only after `pytest.importorskip("mcp")`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

SERVERS = Path(__file__).parent / "proxy_servers"
T = TypeVar("T")


def proxy_command(upstream: list[str], options: tuple[str, ...] = ()) -> list[str]:
    return [sys.executable, "-m", "toolargs", "proxy", *options, "--", *upstream]


def python_server(name: str, *args: str) -> list[str]:
    return [sys.executable, str(SERVERS / name), *args]


class Session:
    """A client session; `call` gives a tool's result as the wire dict."""

    def __init__(self, session: Any) -> None:
        self.session = session

    async def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        result = await self.session.call_tool(name, arguments)
        return wire(result)

    async def tools(self) -> dict[str, dict[str, Any]]:
        listed = wire(await self.session.list_tools())
        return {tool["name"]: tool for tool in listed["tools"]}


def wire(model: Any) -> dict[str, Any]:
    data: dict[str, Any] = model.model_dump(by_alias=True, mode="json", exclude_none=True)
    data.pop("resultType", None)  # 2.x only: not part of what the server sent
    return data


@asynccontextmanager
async def connect(
    command: list[str], env: dict[str, str] | None = None, cwd: Path | None = None
) -> AsyncIterator[Session]:
    parameters = StdioServerParameters(
        command=command[0], args=command[1:], env={**os.environ, **(env or {})}, cwd=cwd
    )
    with open(os.devnull, "w") as quiet:
        async with stdio_client(parameters, errlog=quiet) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                yield Session(session)


def run(work: Callable[[], Awaitable[T]]) -> T:
    result: T = anyio.run(work)
    return result


def texts(result: dict[str, Any]) -> list[str]:
    return [block["text"] for block in result.get("content", []) if block["type"] == "text"]


def unknown_block(result: dict[str, Any]) -> list[str] | None:
    """The unknown_args of the result's last text block, if that block is the policy's."""
    found = texts(result)
    if not found:
        return None
    try:
        last = json.loads(found[-1])
    except ValueError:
        return None
    if isinstance(last, dict) and set(last) == {"unknown_args"}:
        unknown: list[str] = last["unknown_args"]
        return unknown
    return None


def journal(path: Path) -> list[dict[str, Any]]:
    """What the upstream received, one entry per call, in order."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


async def failure(
    command: list[str], work: Callable[[Any], Awaitable[Any]] | None = None
) -> tuple[str, Any]:
    """The message of the first error the client gets: at initialize, else in `work`
    (given the SDK session); and whatever `work` returned before it."""
    parameters = StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ))
    done: list[Any] = []
    with open(os.devnull, "w") as quiet:
        async with stdio_client(parameters, errlog=quiet) as (read, write):
            async with ClientSession(read, write) as session:
                try:
                    await session.initialize()
                    if work is not None:
                        await work(session, done)
                except Exception as exc:  # the error the client sees is the result
                    return error_message(exc), done
    return "", done


def error_message(exc: BaseException) -> str:
    error = getattr(exc, "error", None)
    message = getattr(error, "message", None)
    return message if isinstance(message, str) else str(exc)


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie waiting for its parent to read it does not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
