"""`toolargs proxy` end to end: the policy applied in front of real servers that drop
unknown keys, through the SDK's own client.

Upstreams (proxy_servers/): the SDK low-level server and the SDK framework server
(FastMCP on 1.x, MCPServer on 2.x), both of which ignore a key their tool does not
define, and a hand-written server for the tool list changing under the proxy. Each
upstream writes every call it receives to a journal, so each test checks both what the
client got and what reached the upstream. TypeScript upstream: test_proxy_npm.py;
faults: test_proxy_faults.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

from proxy_run import (  # noqa: E402
    Session,
    connect,
    journal,
    proxy_command,
    python_server,
    run,
    texts,
    unknown_block,
    wire,
)

UPSTREAMS = ["lowlevel.py", "framework.py"]

# (label, tool, arguments): one session per upstream makes every call, in this order.
CALLS = [
    ("clean_search", "search_notes", {"query": "milk"}),
    ("clean_search_max", "search_notes", {"query": "milk", "max_results": 1}),
    ("clean_read", "read_note", {"name": "groceries"}),
    ("unknown_search", "search_notes", {"query": "milk", "colour": "red", "_trace": "t1"}),
    ("unknown_read", "read_note", {"name": "todo", "zeta": 1, "alpha": 2}),
    ("alias_limit", "search_notes", {"query": "q", "limit": 2}),
    ("alias_top_k", "search_notes", {"query": "q", "top_k": 1}),
    ("canonical_wins", "search_notes", {"query": "q", "max_results": 1, "limit": 4}),
    ("alias_and_unknown", "search_notes", {"query": "q", "limit": 2, "banana": 1}),
    ("refused_write", "write_note", {"name": "todo", "text": "x", "overwrite": True}),
    ("after_refused", "read_note", {"name": "todo"}),
    ("clean_write", "write_note", {"name": "todo", "text": "pay rent"}),
    ("after_write", "read_note", {"name": "todo"}),
]
CLEAN = ("clean_search", "clean_search_max", "clean_read", "clean_write", "after_write")


@dataclass
class Transcript:
    results: dict[str, dict[str, Any]]  # label: the result the client got
    received: dict[str, list[dict[str, Any]]]  # label: what the upstream received for it
    tools: dict[str, dict[str, Any]]


def transcript(
    folder: Path, command: list[str], labels: tuple[str, ...] | None = None
) -> Transcript:
    """Every call of CALLS (or those of `labels`) in one session against `command`."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "journal.jsonl"

    async def work() -> Transcript:
        async with connect(command, {"PROXY_JOURNAL": str(log)}) as client:
            tools = await client.tools()
            results, received = {}, {}
            for label, name, arguments in CALLS:
                if labels is not None and label not in labels:
                    continue
                before = len(journal(log))
                results[label] = await client.call(name, arguments)
                received[label] = journal(log)[before:]  # written before the answer
        return Transcript(results, received, tools)

    return run(work)


@pytest.fixture(scope="module", params=UPSTREAMS)
def upstream(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    server = request.param
    folder = tmp_path_factory.mktemp(server.replace(".", "-"))
    proxied = transcript(folder / "proxied", proxy_command(python_server(server)))
    direct = transcript(folder / "direct", python_server(server), CLEAN)
    return server, proxied, direct


def calls(tmp_path: Path, command: list[str], work: Any, env: dict[str, str] | None = None) -> Any:
    """`work(session)` against `command`, and what the upstream received meanwhile."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    log = tmp_path / "journal.jsonl"
    environment = {"PROXY_JOURNAL": str(log), **(env or {})}

    async def session() -> Any:
        async with connect(command, environment) as client:
            return await work(client)

    return run(session), journal(log)


def test_clean_calls_are_unchanged(upstream: Any) -> None:
    _, proxied, direct = upstream
    for label in CLEAN:
        assert proxied.results[label] == direct.results[label], label
        assert proxied.received[label] == direct.received[label], label
        assert "unknown_args" not in str(proxied.results[label])
    assert texts(proxied.results["clean_read"]) == ["eggs, milk"]
    assert proxied.tools == direct.tools  # tools/list is relayed as it is


def test_read_only_unknown_key_is_taken_out_and_reported(upstream: Any) -> None:
    server, proxied, _ = upstream
    search, read = proxied.results["unknown_search"], proxied.results["unknown_read"]
    assert search["isError"] is False
    assert unknown_block(search) == ["colour"]
    assert search["structuredContent"] == {
        "query": "milk",
        "hits": ["milk-0", "milk-1", "milk-2"],
        "unknown_args": ["colour"],
    }
    assert texts(read) == ["call the bank", '{"unknown_args": ["alpha", "zeta"]}']
    assert "structuredContent" not in read
    # The upstream never saw the unknown keys; `_` metadata is never unknown.
    (received,) = proxied.received["unknown_search"]
    expected = {"query": "milk", "_trace": "t1"} if server == "lowlevel.py" else {"query": "milk"}
    assert {k: v for k, v in received["arguments"].items() if k != "max_results"} == expected
    assert proxied.received["unknown_read"] == [
        {"tool": "read_note", "arguments": {"name": "todo"}}
    ]


def test_alias_is_honoured_and_the_canonical_key_wins(upstream: Any) -> None:
    _, proxied, _ = upstream
    labels = ("alias_limit", "alias_top_k", "canonical_wins", "alias_and_unknown")
    hits = [proxied.results[label]["structuredContent"]["hits"] for label in labels]
    assert hits == [["q-0", "q-1"], ["q-0"], ["q-0"], ["q-0", "q-1"]]
    received = [proxied.received[label][0]["arguments"] for label in labels]
    assert received == [{"query": "q", "max_results": n} for n in (2, 1, 1, 2)]
    assert [unknown_block(proxied.results[label]) for label in labels] == [
        None, None, None, ["banana"]
    ]


def test_mutation_unknown_key_is_refused_before_the_upstream(upstream: Any) -> None:
    _, proxied, _ = upstream
    assert proxied.results["refused_write"] == {
        "content": [{"type": "text", "text": "unknown arg: overwrite"}],
        "isError": True,
    }
    assert proxied.received["refused_write"] == []  # the upstream never got the call
    # ...and the note the refused call would have replaced is as it was.
    assert texts(proxied.results["after_refused"]) == ["call the bank"]
    assert texts(proxied.results["clean_write"]) == ["saved todo"]
    assert texts(proxied.results["after_write"]) == ["pay rent"]


def test_strict_args_makes_read_only_tools_strict(tmp_path: Path) -> None:
    async def work(client: Session) -> list[dict[str, Any]]:
        return [
            await client.call("search_notes", {"query": "milk", "colour": "red"}),
            await client.call("search_notes", {"query": "milk", "limit": 1}),
        ]

    (refused, aliased), received = calls(
        tmp_path,
        proxy_command(python_server("lowlevel.py")),
        work,
        env={"TOOLARGS_STRICT_ARGS": "1"},
    )
    assert refused["isError"] is True
    assert texts(refused) == ["unknown arg: colour"]
    assert aliased["structuredContent"]["hits"] == ["milk-0"]
    assert received == [{"tool": "search_notes", "arguments": {"query": "milk", "max_results": 1}}]


def test_the_policy_follows_the_tool_list_when_it_changes(tmp_path: Path) -> None:
    search = {"query": "q", "year": 2020}

    async def work(client: Session) -> list[dict[str, Any]]:
        before = await client.call("search_archive", search)
        added = await client.call("add_filter", {"field": "year"})
        after = await client.call("search_archive", search)
        return [before, added, after]

    (before, added, after), received = calls(
        tmp_path, proxy_command(python_server("handwritten.py", "serve")), work
    )
    assert unknown_block(before) == ["year"]
    assert texts(added) == ["filter added"]
    assert unknown_block(after) is None
    assert [entry["arguments"] for entry in received] == [
        {"query": "q"},
        {"field": "year"},
        {"query": "q", "year": 2020},
    ]


def test_configuration_modes_come_before_what_a_tool_declares(tmp_path: Path) -> None:
    config = tmp_path / "proxy.toml"
    config.write_text(
        "[tool.toolargs.proxy]\n"
        'tools = { search_archive = "mutation" }\n'
        'read-only-tools = ["add_*"]\n',
        encoding="utf-8",
    )

    async def work(client: Session) -> list[dict[str, Any]]:
        return [
            await client.call("search_archive", {"query": "q", "year": 1}),
            await client.call("add_filter", {"field": "lang", "note": "x"}),
        ]

    command = proxy_command(python_server("handwritten.py", "serve"), ("--config", str(config)))
    (search, add), received = calls(tmp_path, command, work)
    assert texts(search) == ["unknown arg: year"] and search["isError"] is True
    assert unknown_block(add) == ["note"]
    assert received == [{"tool": "add_filter", "arguments": {"field": "lang"}}]


def test_pyproject_above_the_current_folder_and_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolargs.proxy]\nmutation-tools = ["search_*"]\n', encoding="utf-8"
    )
    folder = tmp_path / "deeper"
    folder.mkdir()
    log = tmp_path / "journal.jsonl"
    # A pattern on the command line adds to the file's.
    command = proxy_command(python_server("handwritten.py", "serve"), ("--read-only", "add_*"))

    async def work() -> list[dict[str, Any]]:
        async with connect(command, {"PROXY_JOURNAL": str(log)}, cwd=folder) as client:
            return [
                await client.call("search_archive", {"query": "q", "x": 1}),
                await client.call("add_filter", {"field": "lang", "note": "x"}),
            ]

    search, add = run(work)
    assert texts(search) == ["unknown arg: x"]
    assert unknown_block(add) == ["note"]
    assert journal(log) == [{"tool": "add_filter", "arguments": {"field": "lang"}}]


def test_logging_progress_and_the_upstreams_own_requests_are_relayed(tmp_path: Path) -> None:
    """A tool that logs, reports progress for longer than --timeout and asks the client for
    its roots: all of it reaches the client, and the progress keeps the call alive."""
    import mcp.types as types
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    logged: list[Any] = []
    progress: list[float] = []

    async def roots(*_: Any) -> Any:
        return types.ListRootsResult(roots=[types.Root(uri="file:///work/project", name="p")])

    async def log(params: Any) -> None:
        logged.append(params.data)

    async def step(done: float, total: float | None, message: str | None) -> None:
        progress.append(done)

    command = proxy_command(python_server("handwritten.py", "serve"), ("--timeout", "3"))
    parameters = StdioServerParameters(command=command[0], args=command[1:])

    async def work() -> Any:
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(
                read, write, list_roots_callback=roots, logging_callback=log
            ) as session:
                await session.initialize()
                return await session.call_tool("report", {}, progress_callback=step)

    result = wire(run(work))
    assert texts(result) == ['{"roots": ["file:///work/project"]}']
    assert logged == ["report started"]
    assert progress == [1, 2, 3, 4, 5, 6, 7, 8]


def test_initialize_resources_and_prompts_are_relayed_as_they_are(tmp_path: Path) -> None:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    async def seen(command: list[str]) -> list[dict[str, Any]]:
        parameters = StdioServerParameters(command=command[0], args=command[1:])
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(read, write) as session:
                return [
                    wire(await session.initialize()),
                    wire(await session.list_resources()),
                    wire(await session.list_prompts()),
                ]

    upstream = python_server("handwritten.py", "serve")
    direct = run(lambda: seen(upstream))
    proxied = run(lambda: seen(proxy_command(upstream)))
    assert proxied == direct
    assert direct[0]["capabilities"]["experimental"] == {"archive": {"v": 1}}
    assert direct[1]["resources"][0]["_meta"] == {"v": 2}
