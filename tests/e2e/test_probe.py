"""`toolargs probe` end to end: real server processes over stdio and streamable HTTP,
the SDK's own client, every verdict checked.

Servers (probe_servers/): the SDK low-level server with and without a ToolPolicy
dispatcher, the SDK framework server (FastMCP on 1.x, MCPServer on 2.x) with and without
`enforce_policy`, a hand-written server that misbehaves, and a stale copy of a source
for the cross-check. Standalone fastmcp: test_probe_fastmcp.py. Every mutation tool of
the servers writes a marker file when it runs, so that calling one shows. The probe runs
through the CLI's entry point in the test's process unless a test asks for its own process
(probe_run.py); tests that read the same run share it (`shared_probe`, conftest.py).
"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

pytest.importorskip("mcp")

from probe_run import SERVERS, Run, ended, probe  # noqa: E402

try:
    from mcp.server.mcpserver import MCPServer  # noqa: F401

    MAJOR = 2
except ImportError:
    MAJOR = 1

READ_ONLY = "listed annotation readOnlyHint=True"
SKIPPED = (None, None, None)
MUTATION_NOT_CALLED = (None, "n/a", None)


# -- SDK framework server: FastMCP (1.x) / MCPServer (2.x) -------------------------------


def test_framework_without_enforcement_drops_keys(shared_probe: Callable[..., Run]) -> None:
    run = shared_probe("sdk_framework.py")
    assert run.code == 1, run.stderr
    assert run.verdicts() == {
        "search": ("dropped", "ignored", False),
        "outline_file": ("dropped", "n/a", False),
        "broken": ("inconclusive", "n/a", None),
        "replace_lines": MUTATION_NOT_CALLED,
        "write_note": MUTATION_NOT_CALLED,
    }
    tools = run.tools()
    assert tools["search"]["mode_source"] == READ_ONLY
    assert tools["replace_lines"]["mode_source"] == "name pattern 'replace_lines'"
    assert "index not loaded" in tools["broken"]["evidence"] or MAJOR == 2
    assert run.markers == []


def test_framework_with_enforcement_conforms(shared_probe: Callable[..., Run]) -> None:
    run = shared_probe("sdk_framework.py", "--enforce")
    assert run.code == 0, run.stdout + run.stderr
    assert run.verdicts() == {
        "search": ("reported", "honoured", True),
        "outline_file": ("reported", "n/a", True),
        "broken": ("inconclusive", "n/a", None),
        "replace_lines": MUTATION_NOT_CALLED,
        "write_note": MUTATION_NOT_CALLED,
    }
    summary = run.json()["summary"]
    assert (summary["probed"], summary["conforming"], summary["inconclusive"]) == (3, 2, 1)
    assert summary["mutations_not_called"] == 2 and summary["mutations_called"] is False


def test_framework_mutations_without_enforcement_run(tmp_path: Path) -> None:
    run = probe(tmp_path, "sdk_framework.py", options=("--mutations",))
    assert run.code == 1
    verdicts = run.verdicts()
    assert verdicts["replace_lines"] == ("dropped", "n/a", False)
    assert verdicts["write_note"] == ("dropped", "n/a", False)
    assert "side effect happened" in run.tools()["write_note"]["note"]
    assert run.markers == ["replace_lines", "write_note"]  # and they really ran


def test_framework_mutations_with_enforcement_refused_before_running(tmp_path: Path) -> None:
    # The probe as a user runs it: its own process (`python -m toolargs probe`).
    run = probe(
        tmp_path, "sdk_framework.py", "--enforce", options=("--mutations",), process=True
    )
    assert run.code == 0, run.stdout
    verdicts = run.verdicts()
    assert verdicts["replace_lines"] == ("rejected", "n/a", True)
    assert verdicts["write_note"] == ("rejected", "n/a", True)
    assert "unknown arg: probe_unknown_key" in run.tools()["write_note"]["evidence"]
    assert run.markers == []


# -- SDK low-level server ----------------------------------------------------------------


def test_lowlevel_without_policy(tmp_path: Path) -> None:
    run = probe(tmp_path, "sdk_lowlevel.py", options=("--mutations",))
    assert run.code == 1
    # 1.x validates arguments against inputSchema: additionalProperties false refuses the
    # key before the handler; 2.x does not validate.
    lookup = ("rejected", "n/a", False) if MAJOR == 1 else ("dropped", "n/a", False)
    assert run.verdicts() == {
        "search": ("dropped", "ignored", False),
        "lookup": lookup,
        "echo_args": ("dropped", "n/a", False),
        "pick": SKIPPED,
        "delete_lines": ("dropped", "n/a", False),
    }
    assert run.markers == ["delete_lines"]


def test_lowlevel_with_policy(tmp_path: Path) -> None:
    run = probe(tmp_path, "sdk_lowlevel.py", "--policy", options=("--mutations",))
    lookup = ("rejected", "n/a", False) if MAJOR == 1 else ("reported", "n/a", True)
    assert run.verdicts() == {
        "search": ("reported", "honoured", True),
        "lookup": lookup,
        "echo_args": ("reported", "n/a", True),
        "pick": SKIPPED,
        "delete_lines": ("rejected", "n/a", True),
    }
    assert run.code == (1 if MAJOR == 1 else 0)
    assert run.markers == []


def test_lowlevel_arguments_synthesised_from_the_schema(
    shared_probe: Callable[..., Run],
) -> None:
    run = shared_probe("sdk_lowlevel.py")
    tools = run.tools()
    # Required properties only: first enum value, the minimum, false, [], {} recursively.
    assert '"kind": "beta", "depth": 3, "opts": {"strict": false}, "tags": []' in (
        tools["echo_args"]["evidence"].replace("{ ", "{").replace(" }", "}")
    )
    assert not tools["pick"]["probed"]
    assert tools["pick"]["note"] == (
        "skipped: arguments not synthesisable: property 'choice': enum lists no value"
    )


def test_strict_env_makes_policy_rejection_conform(tmp_path: Path) -> None:
    run = probe(tmp_path, "sdk_framework.py", "--enforce", env={"TOOLARGS_STRICT_ARGS": "1"})
    verdicts = run.verdicts()
    assert verdicts["outline_file"] == ("rejected", "n/a", True)
    assert verdicts["search"][0] == "rejected" and verdicts["search"][2] is not None


# -- no mutation tool is ever called without --mutations ---------------------------------

EVERY_SERVER = [
    ("sdk_framework.py",),
    ("sdk_framework.py", "--enforce"),
    ("sdk_lowlevel.py",),
    ("sdk_lowlevel.py", "--policy"),
]


@pytest.mark.parametrize("server", EVERY_SERVER, ids=" ".join)
def test_no_mutation_tool_is_called_without_mutations(
    shared_probe: Callable[..., Run], server: tuple[str, ...]
) -> None:
    run = shared_probe(*server)
    mutations = [t for t in run.tools().values() if t["mode"] == "mutation"]
    assert mutations, "the server lists no mutation tool: the test would prove nothing"
    assert all(not t["probed"] for t in mutations)
    assert run.markers == []


# -- cross-check with the static audit ---------------------------------------------------


def test_cross_check_of_the_running_source_is_clean(tmp_path: Path) -> None:
    source = SERVERS / "sdk_framework.py"
    run = probe(tmp_path, "sdk_framework.py", "--enforce", options=("--source", str(source)))
    assert run.code == 0, run.stdout
    check = run.json()["summary"]["cross_check"]
    assert check["clean"] and check["listed"] == check["found_statically"] == 5
    search = run.tools()["search"]["static"]
    assert search["path"] == str(source) and search["line"] > 0
    # Without annotations, the mode comes from the static audit.
    assert run.tools()["replace_lines"]["mode_source"].startswith("static audit: ")


def test_cross_check_of_a_stale_source(tmp_path: Path) -> None:
    source = SERVERS / "stale_source"
    run = probe(
        tmp_path, "sdk_framework.py", "--enforce", options=("--source", str(source))
    )
    assert run.code == 1
    check = run.json()["summary"]["cross_check"]
    assert check["not_found_statically"] == ["outline_file", "broken"]
    assert [t["name"] for t in check["not_listed"]] == ["archive"]
    assert [d["name"] for d in check["modes_differ"]] == ["search"]
    # Listed read-only, but the source says it deletes: probed as a mutation, not called.
    search = run.tools()["search"]
    assert search["mode"] == "mutation" and not search["probed"]


def test_table_and_markdown(tmp_path: Path) -> None:
    source = str(SERVERS / "stale_source")
    table = probe(tmp_path, "sdk_framework.py", options=("--source", source), output="table")
    assert table.stdout.splitlines()[0].split() == [
        "TOOL", "MODE", "UNKNOWN_KEYS", "ALIAS", "CONFORMS", "STATIC", "WHY"
    ]
    assert "listed but not found statically: outline_file, broken" in table.stdout
    assert "found statically but not listed: archive" in table.stdout
    markdown = probe(tmp_path, "sdk_framework.py", output="markdown")
    assert "| `outline_file` | read-only |" in markdown.stdout


# -- robustness: one line and exit 2, the server always ended ----------------------------


@pytest.mark.parametrize(
    "mode, message",
    [
        ("crash", "closed the connection before answering initialize; server stderr: "
                  "faulty: cannot read configuration: FAULTY_API_KEY is not set"),
        ("hang", "did not answer initialize within 3 s"),
        ("garbage", "wrote to stdout what is not JSON-RPC ('Server starting..."),
    ],
)
def test_server_that_cannot_be_initialised(tmp_path: Path, mode: str, message: str) -> None:
    run = probe(tmp_path, "faulty.py", mode, options=("--timeout", "3"))
    assert run.code == 2
    assert run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert run.stderr.startswith("toolargs probe: error: ") and message in run.stderr
    assert run.pid is not None and ended(run.pid)


def test_server_exiting_during_a_call(tmp_path: Path) -> None:
    run = probe(tmp_path, "faulty.py", "die-on-call", options=("--timeout", "3"))
    assert run.code == 2
    assert run.stderr.strip() == (
        "toolargs probe: error: the server went away while 'fine' was probed"
    )
    assert run.verdicts() == {"fine": ("inconclusive", "n/a", None), "slow": SKIPPED}
    assert run.json()["summary"]["stopped"]
    assert run.pid is not None and ended(run.pid)


@pytest.mark.parametrize("mode", ["slow-tool", "stubborn", "chatty"])
def test_tool_that_never_answers_times_out(tmp_path: Path, mode: str) -> None:
    # stubborn also ignores SIGTERM and the end of its stdin: the probe still ends it;
    # chatty prints to stdout between answers: the stray lines are passed over.
    run = probe(tmp_path, "faulty.py", mode, options=("--timeout", "2"))
    assert run.code == 0, run.stderr
    assert run.verdicts() == {
        "fine": ("reported", "n/a", True),
        "slow": ("inconclusive", "n/a", None),
    }
    assert run.tools()["slow"]["evidence"] == "no answer within 2 s"
    assert run.pid is not None and ended(run.pid)


def test_command_that_does_not_exist(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-server")
    run = probe(tmp_path, "", options=("--", missing))
    assert run.code == 2
    assert run.stderr.strip() == (
        f"toolargs probe: error: {missing}: cannot start the server: "
        f"[Errno 2] No such file or directory: '{missing}'"
    )


@pytest.mark.parametrize(
    "options, message",
    [
        ((), "no server: give -- COMMAND [ARG...] to start one, or --url URL"),
        (
            ("--url", "http://127.0.0.1:9/mcp", "--", "x"),
            "give either --url URL or -- COMMAND, not both",
        ),
        (("--source", "no/such/dir", "--", "x"), "--source no/such/dir: no such file or folder"),
    ],
)
def test_usage_errors(tmp_path: Path, options: tuple[str, ...], message: str) -> None:
    # As a user runs it: `python -m toolargs probe` in its own process.
    run = probe(tmp_path, "", options=options, process=True)
    assert run.code == 2
    assert run.stderr.strip() == f"toolargs probe: error: {message}"


# -- streamable HTTP ---------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for_port(port: int, server: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if server.poll() is not None:
            raise AssertionError("the HTTP test server exited")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        try:
            server.wait(0.1)  # a pause that also notices an early exit
        except subprocess.TimeoutExpired:
            pass
    raise AssertionError("the HTTP test server never listened")


def test_streamable_http(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, str(SERVERS / "sdk_framework.py"), "--enforce", "--http", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, server)
        run = probe(tmp_path, "", options=("--url", f"http://127.0.0.1:{port}/mcp"))
    finally:
        server.terminate()
        server.wait(30)
    assert run.code == 0, run.stderr
    assert run.verdicts()["search"] == ("reported", "honoured", True)
    assert run.json()["summary"]["target"] == f"http://127.0.0.1:{port}/mcp"
