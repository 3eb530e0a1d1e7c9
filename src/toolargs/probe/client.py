"""The MCP Python SDK's own client, started on a server: the probe's only SDK contact.

The SDK is imported here and only when a probe runs (`pip install 'toolargs[probe]'`),
through `importlib` so that the rest of toolargs, and mypy, never need it. Everything
that crosses into the runner is in wire form (dicts, `Reply`), which both SDK majors
produce alike. Whatever the server does (exit, hang, write garbage, never answer),
the caller gets a `ServerStartError` with one line, or replies; the SDK's transport
ends the server process when the session closes.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import re
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import IO, Any, TypeVar

from toolargs.probe.replies import Reply, shorten

T = TypeVar("T")

CONNECTION_CLOSED = -32000  # the SDKs' code for a connection that ended under a request
MAX_PAGES = 100
STDERR_TAIL_LINES = 5
STDERR_TAIL_CHARS = 400

CLOSED_BEFORE_INITIALIZE = "the server closed the connection before answering initialize"
INSTALL_HINT = "toolargs probe needs the MCP Python SDK: pip install 'toolargs[probe]'"


class ServerStartError(Exception):
    """The server could not be started, connected to, or initialised: one line."""


class SdkMissing(ServerStartError):
    pass


@dataclass(frozen=True)
class Target:
    """A server to start over stdio (`command`) or to reach over streamable HTTP (`url`)."""

    command: tuple[str, ...] = ()
    url: str | None = None
    timeout: float = 30.0

    def describe(self) -> str:
        return self.url if self.url is not None else " ".join(self.command)


@dataclass(frozen=True)
class ServerInfo:
    name: str
    version: str
    protocol_version: str


class Connection:
    """An initialised session: list tools and call them, each with a deadline."""

    def __init__(self, session: Any, anyio: Any, timeout: float, info: ServerInfo) -> None:
        self._session = session
        self._anyio = anyio
        self._timeout = timeout
        self.info = info

    async def list_tools(self) -> list[dict[str, Any]]:
        types = importlib.import_module("mcp.types")
        tools: list[dict[str, Any]] = []
        cursor: str | None = None
        for _ in range(MAX_PAGES):
            with self._anyio.fail_after(self._timeout):
                if cursor is None:
                    result = await self._session.list_tools()
                else:
                    params = types.PaginatedRequestParams(cursor=cursor)
                    result = await self._session.list_tools(params=params)
            wire = _wire(result)
            tools.extend(t for t in wire.get("tools", []) if isinstance(t, dict))
            cursor = wire.get("nextCursor")
            if not cursor:
                break
        return tools

    async def call(self, name: str, arguments: dict[str, Any]) -> Reply:
        try:
            with self._anyio.fail_after(self._timeout):
                result = await self._session.call_tool(name, arguments)
        except TimeoutError:
            return Reply("timeout", message=f"no answer within {self._timeout:g} s")
        except Exception as exc:  # whatever the call raised is the reply, never a crash
            return _reply_to(exc, self._anyio)
        wire = _wire(result)
        content = [b for b in wire.get("content", []) if isinstance(b, dict)]
        return Reply(
            "result",
            is_error=bool(wire.get("isError")),
            texts=tuple(str(b.get("text", "")) for b in content if b.get("type") == "text"),
            structured=wire.get("structuredContent"),
            blocks=tuple(
                json.dumps(b, sort_keys=True) for b in content if b.get("type") != "text"
            ),
        )


def sdk_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mcp")
    except PackageNotFoundError:
        return "unknown"


async def with_server(target: Target, work: Callable[[Connection], Awaitable[T]]) -> T:
    """Start or reach the server, initialise, run `work`, and end the server.

    Raises ServerStartError (one line, with the server's stderr tail) when the server
    cannot be started, reached or initialised, or when `work` raises one itself.
    """
    try:
        mcp: Any = importlib.import_module("mcp")
        anyio: Any = importlib.import_module("anyio")
    except ModuleNotFoundError as exc:
        if exc.name not in ("mcp", "anyio"):
            raise SdkMissing(f"the MCP Python SDK cannot be imported: {exc}") from None
        raise SdkMissing(INSTALL_HINT) from None
    except ImportError as exc:  # an SDK that does not work with the installed pydantic...
        raise SdkMissing(f"the MCP Python SDK cannot be imported: {exc}") from None
    with _quiet_sdk_logs(), tempfile.TemporaryFile("w+b") as stderr:
        garbage: list[str] = []
        outcome: list[T] = []
        problem = ""
        initialised = False
        try:
            async with _transport(mcp, target, stderr) as streams:
                handler = _garbage_recorder(garbage)
                async with mcp.ClientSession(
                    streams[0], streams[1], message_handler=handler
                ) as session:
                    problem, info = await _initialise(session, anyio, target.timeout)
                    initialised = not problem
                    if not problem:
                        connection = Connection(session, anyio, target.timeout, info)
                        outcome.append(await work(connection))
        except Exception as exc:  # a transport failing, or a server that cannot start
            if not outcome and not problem:
                # The stdio client may see the pipe break before the session does: a
                # closed stream before any answer to initialize is that, not a crash.
                if not initialised and _is_closed(exc, anyio):
                    problem = CLOSED_BEFORE_INITIALIZE
                else:
                    problem = _start_failure(exc, target)
        if outcome:
            return outcome[0]
        raise ServerStartError(_one_line(problem, garbage, _tail(stderr)))


@asynccontextmanager
async def _transport(mcp: Any, target: Target, stderr: IO[bytes]) -> AsyncIterator[Any]:
    if target.url is not None:
        http = importlib.import_module("mcp.client.streamable_http")
        client = getattr(http, "streamable_http_client", None) or http.streamablehttp_client
        async with client(target.url) as streams:
            yield streams
        return
    command, *args = target.command
    # The server runs with the probe's environment, as it would when started by hand
    # (TOOLARGS_STRICT_ARGS, configuration variables); the SDK's default passes a few.
    parameters = mcp.StdioServerParameters(command=command, args=args, env=dict(os.environ))
    async with mcp.stdio_client(parameters, errlog=stderr) as streams:
        yield streams


async def _initialise(session: Any, anyio: Any, timeout: float) -> tuple[str, ServerInfo]:
    unknown = ServerInfo("?", "?", "?")
    with anyio.move_on_after(timeout) as scope:
        try:
            result = await session.initialize()
        except Exception as exc:
            if _is_closed(exc, anyio):
                return CLOSED_BEFORE_INITIALIZE, unknown
            return f"initialize failed: {_describe(exc)}", unknown
    if scope.cancelled_caught:
        return f"the server did not answer initialize within {timeout:g} s", unknown
    wire = _wire(result)
    server = wire.get("serverInfo") or {}
    return "", ServerInfo(
        str(server.get("name", "?")),
        str(server.get("version", "?")),
        str(wire.get("protocolVersion", "?")),
    )


def _garbage_recorder(garbage: list[str]) -> Callable[[Any], Awaitable[None]]:
    async def handle(message: Any) -> None:
        if isinstance(message, Exception) and not garbage:
            garbage.append(shorten(_offending_input(message), 120))

    return handle


def _offending_input(exc: Exception) -> str:
    """The line the transport could not parse, as pydantic quotes it, else the error."""
    text = str(exc)
    match = re.search(r"input_value=(.*?)(?:, input_type=|\]$)", text, re.MULTILINE)
    if match:
        return match.group(1)
    return text.split("\n")[0]


def _reply_to(exc: BaseException, anyio: Any) -> Reply:
    if _is_closed(exc, anyio):
        return Reply("closed", message="the server closed the connection")
    error = getattr(exc, "error", None)
    message = getattr(error, "message", None)
    if isinstance(message, str):
        data = getattr(error, "data", None)
        if data is not None:
            message = f"{message} {json.dumps(data, default=str)}"
        return Reply("error", is_error=True, message=message)
    return Reply("failure", message=f"client error: {_describe(exc)}")


def _is_closed(exc: BaseException, anyio: Any) -> bool:
    for inner in _leaves(exc):
        error = getattr(inner, "error", None)
        if getattr(error, "code", None) == CONNECTION_CLOSED and "closed" in str(
            getattr(error, "message", "")
        ).lower():
            return True
        if isinstance(
            inner, (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream)
        ):
            return True
    return False


def _leaves(exc: BaseException) -> Iterator[BaseException]:
    inner = getattr(exc, "exceptions", None)
    if isinstance(inner, tuple) and inner:
        for each in inner:
            yield from _leaves(each)
    else:
        yield exc


def _describe(exc: BaseException) -> str:
    leaf = next(_leaves(exc))
    text = str(leaf).split("\n")[0] or type(leaf).__name__
    return f"{type(leaf).__name__}: {text}" if not isinstance(leaf, OSError) else text


def _start_failure(exc: BaseException, target: Target) -> str:
    leaf = next(_leaves(exc))
    if isinstance(leaf, ServerStartError):
        return str(leaf)
    if target.url is not None:
        return f"cannot connect: {_describe(leaf)}"
    if isinstance(leaf, OSError):
        return f"cannot start the server: {_describe(leaf)}"
    return f"the server failed: {_describe(leaf)}"


def _one_line(problem: str, garbage: list[str], stderr_tail: str) -> str:
    line = problem or "the server could not be probed"
    if garbage:
        line += f"; it wrote to stdout what is not JSON-RPC ({garbage[0]})"
    if stderr_tail:
        line += f"; server stderr: {stderr_tail}"
    return line


def _tail(stderr: IO[bytes]) -> str:
    try:
        stderr.seek(0)
        text = stderr.read().decode("utf-8", errors="replace")
    except (OSError, ValueError):
        return ""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    tail = " | ".join(lines[-STDERR_TAIL_LINES:])
    if len(tail) > STDERR_TAIL_CHARS:
        tail = "..." + tail[-(STDERR_TAIL_CHARS - 3):]
    return tail


def _wire(model: Any) -> dict[str, Any]:
    """A result in its JSON wire form (camelCase keys), whichever SDK major built it."""
    dump = getattr(model, "model_dump", None)
    if dump is None:
        return model if isinstance(model, dict) else {}
    data = dump(by_alias=True, mode="json", exclude_none=True)
    return data if isinstance(data, dict) else {}


@contextmanager
def _quiet_sdk_logs() -> Iterator[None]:
    """The SDK logs a server's faults with tracebacks; the probe reports them in one line."""
    logger = logging.getLogger("mcp")
    previous = logger.level, logger.propagate
    logger.setLevel(logging.CRITICAL + 1)
    logger.propagate = False
    try:
        yield
    finally:
        logger.setLevel(previous[0])
        logger.propagate = previous[1]
