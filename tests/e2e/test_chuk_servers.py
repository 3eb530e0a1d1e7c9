"""End to end: chuk-mcp-server's ChukMCPServer, called through its protocol handler.

What chuk-mcp-server does with an unknown key without the policy (it drops it: the tool's
function gets only the parameters it declares), what `enforce_policy(server)` makes of
it, and that the checker says the same of the same server's source. Calls go through
`server.protocol.handle_request(...)`, the entry both its stdio and HTTP transports use.
Skipped when chuk-mcp-server is not installed; `.ci/e2e-mcp` runs it in its own
virtualenv and fails if it skipped.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest

chuk_mcp_server = pytest.importorskip("chuk_mcp_server")

import anyio  # noqa: E402
from chuk_mcp_server import ChukMCPServer  # noqa: E402

from toolargs.analysis import analyze_path  # noqa: E402
from toolargs.config import Config  # noqa: E402
from toolargs.runtime import enforce_policy  # noqa: E402

Calls = list[tuple[str, dict[str, Any]]]
STATS = {"type": "object", "properties": {"count": {"type": "integer"}}}

SERVER = '''
from chuk_mcp_server import ChukMCPServer

mcp = ChukMCPServer("e2e")
CALLS = []


@mcp.tool(read_only_hint=True)
def search(query: str, max_results: int = 20) -> dict:
    """Find notes."""
    CALLS.append(("search", {"query": query, "max_results": max_results}))
    return {"query": query, "max_results": max_results}


@mcp.tool(read_only_hint=False, destructive_hint=True)
def delete_note(note_id: str) -> str:
    """Delete a note."""
    CALLS.append(("delete_note", {"note_id": note_id}))
    return f"deleted {note_id}"
'''


@pytest.fixture(autouse=True)
def lenient_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLARGS_STRICT_ARGS", raising=False)


def build(calls: Calls) -> Any:
    server = ChukMCPServer("e2e")

    @server.tool(read_only_hint=True)
    def search(query: str, max_results: int = 20) -> dict[str, Any]:
        """Find notes."""
        calls.append(("search", {"query": query, "max_results": max_results}))
        return {"query": query, "max_results": max_results}

    @server.tool(read_only_hint=True)
    def outline(path: str) -> str:
        """A document's headings."""
        calls.append(("outline", {"path": path}))
        return f"# {path}"

    @server.tool(read_only_hint=False, destructive_hint=True)
    def delete_note(note_id: str) -> str:
        """Delete a note."""
        calls.append(("delete_note", {"note_id": note_id}))
        return f"deleted {note_id}"

    @server.tool(read_only_hint=True, output_schema=STATS)
    def stats(folder: str) -> dict[str, int]:
        """How many notes a folder holds."""
        calls.append(("stats", {"folder": folder}))
        return {"count": 3}

    return server


def call(server: Any, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """The JSON-RPC response to one `tools/call`, after the session is initialised."""

    async def run() -> dict[str, Any]:
        protocol = server.protocol
        await protocol.handle_request(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "e2e", "version": "1"},
                },
            }
        )
        request = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": name, "arguments": arguments},
        }
        response, _ = await protocol.handle_request(request)
        assert isinstance(response, dict)
        return response

    outcome: dict[str, Any] = anyio.run(run)
    return outcome


def texts(response: dict[str, Any]) -> list[str]:
    return [block["text"] for block in response["result"]["content"] if block["type"] == "text"]


@pytest.fixture
def calls() -> Calls:
    return []


def test_chuk_drops_unknown_keys_without_the_policy(calls: Calls) -> None:
    server = build(calls)
    response = call(server, "delete_note", {"note_id": "n1", "cascade": True})
    assert "error" not in response
    assert calls == [("delete_note", {"note_id": "n1"})]  # `cascade` never arrived
    response = call(server, "search", {"query": "q", "limit": 5})
    assert calls[-1] == ("search", {"query": "q", "max_results": 20})
    assert "unknown_args" not in json.dumps(response)


def test_alias_mapped_and_unknown_keys_reported(calls: Calls) -> None:
    server = enforce_policy(build(calls))
    response = call(server, "search", {"query": "q", "limit": 5, "banana": 1})
    assert calls == [("search", {"query": "q", "max_results": 5})]
    assert json.loads(texts(response)[-1]) == {"unknown_args": ["banana"]}


def test_structured_content_gets_the_key(calls: Calls) -> None:
    server = enforce_policy(build(calls))
    response = call(server, "stats", {"folder": "inbox", "banana": 1})
    assert response["result"]["structuredContent"] == {"count": 3, "unknown_args": ["banana"]}


def test_canonical_limit_wins_over_the_alias(calls: Calls) -> None:
    server = enforce_policy(build(calls))
    call(server, "search", {"query": "q", "max_results": 3, "top_k": 9})
    assert calls == [("search", {"query": "q", "max_results": 3})]


def test_text_result_gets_one_more_block(calls: Calls) -> None:
    server = enforce_policy(build(calls))
    response = call(server, "outline", {"path": "a.md", "depth": 2})
    assert texts(response)[0] == "# a.md"
    assert json.loads(texts(response)[1]) == {"unknown_args": ["depth"]}


def test_clean_call_has_no_unknown_args(calls: Calls) -> None:
    server = enforce_policy(build(calls))
    response = call(server, "search", {"query": "q"})
    assert "unknown_args" not in json.dumps(response)


def test_mutation_unknown_key_fails_before_running(calls: Calls) -> None:
    server = enforce_policy(build(calls))
    response = call(server, "delete_note", {"note_id": "n1", "cascade": True})
    assert response["error"]["message"] == "unknown arg: cascade"
    assert calls == []


def test_mutation_clean_call_runs(calls: Calls) -> None:
    server = enforce_policy(build(calls))
    response = call(server, "delete_note", {"note_id": "n1"})
    assert texts(response) == ["deleted n1"]
    assert calls == [("delete_note", {"note_id": "n1"})]


def test_strict_env_rejects_read_only(calls: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "1")
    server = enforce_policy(build(calls))
    response = call(server, "search", {"query": "q", "banana": 1})
    assert response["error"]["message"] == "unknown arg: banana"
    assert calls == []


def test_tool_registered_after_enforcement_is_covered(calls: Calls) -> None:
    server = enforce_policy(build(calls))

    @server.tool
    def rename_note(note_id: str, title: str) -> str:
        """Rename a note."""
        calls.append(("rename_note", {"note_id": note_id, "title": title}))
        return title

    response = call(server, "rename_note", {"note_id": "n1", "title": "t", "force": True})
    assert response["error"]["message"] == "unknown arg: force"
    assert calls == []


def test_enforcing_twice_changes_nothing(calls: Calls) -> None:
    server = build(calls)
    enforce_policy(server)
    wrapped = server.protocol._handle_tools_call
    assert enforce_policy(server) is server
    assert server.protocol._handle_tools_call is wrapped


def test_unknown_tool_is_chuks_own_error(calls: Calls) -> None:
    server = enforce_policy(build(calls))
    response = call(server, "nope", {"a": 1})
    assert "nope" in response["error"]["message"]


def test_checker_says_what_the_server_does(tmp_path: Path) -> None:
    """The audit's behaviour for the same server: dropped by the framework, and after
    `enforce_policy(mcp)` reported for the read-only tool, rejected for the mutation."""
    plain = tmp_path / "plain" / "server.py"
    plain.parent.mkdir()
    plain.write_text(textwrap.dedent(SERVER))
    report = analyze_path(plain, Config())
    assert {t.name: t.unknown_keys for t in report.tools} == {
        "search": "dropped",
        "delete_note": "dropped",
    }
    assert {d.code for d in report.diagnostics} >= {"TAV501", "TAV502"}
    enforced = tmp_path / "enforced" / "server.py"
    enforced.parent.mkdir()
    enforced.write_text(
        textwrap.dedent(SERVER)
        + "\nfrom toolargs.runtime import enforce_policy\n\nenforce_policy(mcp)\n"
    )
    report = analyze_path(enforced, Config())
    assert {t.name: t.unknown_keys for t in report.tools} == {
        "search": "reported",
        "delete_note": "rejected",
    }
    assert not report.diagnostics


def test_module_level_tools_follow_the_policy_through_the_global_server() -> None:
    """`from chuk_mcp_server import tool`: `@tool` registers on the framework's own global
    server; `enforce_policy(get_mcp_server())`, called where the server is started (after
    the modules that register are imported, as `run()` is), is the remedy the checker
    names (TAV501)."""
    from chuk_mcp_server import get_mcp_server, tool

    seen: Calls = []

    @tool(read_only_hint=True)
    def global_lookup(word: str, max_results: int = 5) -> dict[str, Any]:
        """Look a word up."""
        seen.append(("global_lookup", {"word": word, "max_results": max_results}))
        return {"word": word, "max_results": max_results}

    @tool(read_only_hint=False, destructive_hint=True)
    def global_forget(word: str) -> str:
        """Forget a word."""
        seen.append(("global_forget", {"word": word}))
        return f"forgot {word}"

    server = enforce_policy(get_mcp_server())

    response = call(server, "global_lookup", {"word": "a", "limit": 2, "banana": 1})
    assert seen == [("global_lookup", {"word": "a", "max_results": 2})]
    assert any('"unknown_args": ["banana"]' in text for text in texts(response))
    refused = call(server, "global_forget", {"word": "a", "dry_run": True})
    assert refused["error"] == {"code": -32602, "message": "unknown arg: dry_run"}
    assert seen == [("global_lookup", {"word": "a", "max_results": 2})]


def test_checker_names_the_global_server(tmp_path: Path) -> None:
    path = tmp_path / "units.py"
    path.write_text(
        textwrap.dedent(
            '''
            from chuk_mcp_server import run, tool


            @tool
            def to_miles(km: float) -> float:
                """Kilometres to miles."""
                return km / 1.609344
            '''
        )
    )
    codes = [(d.code, d.message) for d in analyze_path(path, Config()).diagnostics]
    assert [code for code, _ in codes] == ["TAV501"]
    assert "enforce_policy(get_mcp_server())" in codes[0][1]
