"""`toolargs proxy` when the upstream misbehaves or the client goes away.

Whatever the upstream does (cannot start, exits, hangs, writes what is not JSON-RPC,
exits in the middle of a call), the client gets a JSON-RPC error saying so, never a
hang; when the client goes away, or the proxy is told to stop, the upstream and the
process it started are stopped too. The upstream is the hand-written server of
proxy_servers/handwritten.py, which writes its pid and its child's to $PROXY_PIDS.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

from proxy_run import (  # noqa: E402
    alive,
    connect,
    error_message,
    failure,
    journal,
    proxy_command,
    python_server,
    run,
    texts,
)

FAST = ("--timeout", "1")


def handwritten(mode: str) -> list[str]:
    return python_server("handwritten.py", mode)


def test_an_upstream_that_cannot_start() -> None:
    message, _ = run(lambda: failure(proxy_command(["/nonexistent/mcp-server", "--stdio"])))
    assert message == (
        "toolargs proxy: no answer to initialize: cannot start the upstream server "
        "(/nonexistent/mcp-server --stdio): No such file or directory"
    )


def test_an_upstream_that_exits_at_once() -> None:
    message, _ = run(lambda: failure(proxy_command(handwritten("crash"))))
    assert message.startswith("toolargs proxy: no answer to initialize: the upstream server ")
    assert "exited with code 3" in message
    assert "its stderr: error: config file /etc/archive.toml not found" in message


def test_an_upstream_that_never_answers() -> None:
    message, _ = run(lambda: failure(proxy_command(handwritten("hang"), FAST)))
    assert message == (
        "toolargs proxy: no answer to initialize: the upstream server did not answer "
        "within 1 s"
    )


def test_an_upstream_that_writes_garbage() -> None:
    message, _ = run(lambda: failure(proxy_command(handwritten("garbage"), FAST)))
    assert message == (
        "toolargs proxy: no answer to initialize: the upstream server did not answer "
        "within 1 s; it wrote to stdout what is not JSON-RPC (Listening on stdio... ready)"
    )


def test_an_upstream_that_exits_during_a_call(tmp_path: Path) -> None:
    async def work(session: Any, done: list[Any]) -> None:
        try:
            await session.call_tool("search_archive", {"query": "q"})
        except Exception as exc:
            done.append(error_message(exc))
        await session.call_tool("search_archive", {"query": "again"})

    message, done = run(lambda: failure(proxy_command(handwritten("die-on-call")), work))
    (first,) = done
    assert first.startswith("toolargs proxy: no answer to tools/call: the upstream server ")
    assert "exited with code 4" in first
    assert "fatal: the handler lost its database connection" in first
    # The next request gets the same answer at once.
    assert message.startswith("toolargs proxy: no answer to tools/call: the upstream server ")


def test_a_call_that_takes_too_long_is_cancelled(tmp_path: Path) -> None:
    log = tmp_path / "journal.jsonl"

    async def work() -> tuple[str, Any]:
        command = proxy_command(handwritten("slow-call"), FAST)
        async with connect(command, {"PROXY_JOURNAL": str(log)}) as client:
            try:
                await client.session.call_tool("search_archive", {"query": "q"})
                message = ""
            except Exception as exc:
                message = error_message(exc)
            # The proxy still relays: the upstream answers what it can.
            return message, await client.tools()

    message, tools = run(work)
    assert message == (
        "toolargs proxy: no answer to tools/call: the upstream server did not answer "
        "within 1 s"
    )
    assert sorted(tools) == ["add_filter", "report", "search_archive"]
    received = journal(log)
    assert received[0] == {"tool": "search_archive", "arguments": {"query": "q"}}
    assert any("cancelled" in entry for entry in received[1:])  # the upstream was told


def _pids(path: Path) -> dict[str, int]:
    data: dict[str, int] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _wait_until_gone(pids: dict[str, int]) -> dict[str, bool]:
    """Which of `pids` still run once they have had their chance to stop."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(alive(pid) for pid in pids.values()):
        time.sleep(0.1)
    return {name: alive(pid) for name, pid in pids.items()}


@pytest.mark.parametrize("mode", ["children", "stubborn"])
def test_the_client_going_away_stops_the_upstream_and_its_children(
    tmp_path: Path, mode: str
) -> None:
    pids = tmp_path / "pids.json"

    async def work() -> list[str]:
        command = proxy_command(handwritten(mode))
        async with connect(command, {"PROXY_PIDS": str(pids)}) as client:
            result = await client.call("search_archive", {"query": "q"})
        return texts(result)

    assert run(work) == ['{"query": "q", "filters": ["query"]}']
    started = _pids(pids)
    assert _wait_until_gone(started) == {"server": False, "child": False}


def test_sigterm_to_the_proxy_stops_the_upstream_and_its_children(tmp_path: Path) -> None:
    pids = tmp_path / "pids.json"
    proxy = subprocess.Popen(
        proxy_command(handwritten("stubborn")),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PROXY_PIDS": str(pids)},
    )
    assert proxy.stdin is not None and proxy.stdout is not None
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    }
    proxy.stdin.write((json.dumps(initialize) + "\n").encode())
    proxy.stdin.flush()
    answer = json.loads(proxy.stdout.readline())
    assert answer["result"]["serverInfo"]["name"] == "handwritten-stubborn"
    proxy.send_signal(signal.SIGTERM)
    assert proxy.wait(timeout=60) == 0
    assert _wait_until_gone(_pids(pids)) == {"server": False, "child": False}
    proxy.stdin.close()
    proxy.stdout.close()


def test_usage_errors_are_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "pyproject.toml"
    bad.write_text('[tool.toolargs.proxy]\ndefault-mode = "strict"\n', encoding="utf-8")
    cases = {
        (): "toolargs proxy: error: no server: give -- COMMAND [ARG...] to start one",
        ("--config", str(tmp_path / "missing.toml"), "--", "x"): (
            f"toolargs proxy: error: --config {tmp_path / 'missing.toml'}: no such file"
        ),
        ("--config", str(bad), "--", "x"): (
            f"toolargs proxy: error: {bad} [tool.toolargs.proxy]: 'default-mode' must be "
            "one of 'read-only', 'mutation', got 'strict'"
        ),
    }
    for args, expected in cases.items():
        done = subprocess.run(
            [sys.executable, "-m", "toolargs", "proxy", *args],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        )
        assert (done.returncode, done.stderr.strip(), done.stdout) == (2, expected, "")
