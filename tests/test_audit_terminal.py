"""The audit a person reads in a terminal: tools grouped by server, one line each within
the terminal's width from 80 columns up, names and verdicts whole, mutations first; and
`--explain TOOL`, the evidence behind one line.

The tools are named as on real servers (mcp-atlassian's jira_* and confluence_* tools,
up to 39 characters), on two fastmcp servers and one SDK low-level server.
"""

from __future__ import annotations

import contextlib
import importlib
import io
from pathlib import Path

import pytest

from toolargs.cli import main
from toolargs.cli.main import table_for
from toolargs.model import Diagnostic, ToolReport
from toolargs.output.audit import Audit, AuditRow, audit_order, remedy_of, server_groups
from toolargs.output.table import ELLIPSIS, audit_for_terminal, audit_table

EXAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "example_server"
FASTMCP = "fastmcp 3.x, from pyproject.toml: fastmcp<4.0.0,>=3.2.4"
REJECTS = "fastmcp 3.x rejects them with 'Unexpected keyword argument' before the tool runs"
SERVERS = "src/mcp_atlassian/servers"


def remedy(server: str) -> str:
    return (
        f"apply toolargs.runtime.enforce_policy({server}) to its fastmcp server (it adds the "
        "toolargs.fastmcp middleware)"
    )


def fastmcp_tool(name: str, server: str, mode: str, line: int) -> ToolReport:
    why = "annotation readOnlyHint=True" if mode == "read-only" else (
        "annotation destructiveHint=True"
    )
    return ToolReport(
        name=name, mode=mode, mode_source=why, shape="decorator",  # type: ignore[arg-type]
        path=f"{SERVERS}/{server.removesuffix('_mcp')}.py", line=line, col=11,
        handler=name.split("_", 1)[1], schema_source="signature",
        known_args="n/a (framework decides)", strict=mode == "mutation",
        findings=("TAV503",) if mode == "read-only" else (),
        unknown_keys="rejected", handled_by="framework", framework="fastmcp",
        framework_version=FASTMCP, server=server, unknown_keys_why=REJECTS,
    )


def lowlevel_tool(name: str, mode: str, line: int, findings: tuple[str, ...]) -> ToolReport:
    return ToolReport(
        name=name, mode=mode,  # type: ignore[arg-type]
        mode_source="effect: storage.backends.s3.delete_object() (store/s3.py:412)",
        shape="dispatcher", path="src/object_store/server.py", line=line, col=5,
        handler=name, schema_source="Tool(inputSchema=...)", known_args="missing",
        strict=not findings, findings=findings,
        unknown_keys="dropped" if findings else "rejected", handled_by="handler",
        framework="mcp-lowlevel", framework_version="mcp 1.x, from pyproject.toml: mcp>=1.27",
        server="server",
        unknown_keys_why="the handler reads the keys it knows and ignores the rest"
        if findings else "the handler rejects them",
    )


TOOLS = [
    fastmcp_tool("jira_get_cross_project_dependencies", "jira_mcp", "read-only", 3120),
    fastmcp_tool("jira_create_issue", "jira_mcp", "mutation", 1240),
    fastmcp_tool("jira_get_issues_development_info", "jira_mcp", "read-only", 2890),
    fastmcp_tool("confluence_download_content_attachments", "confluence_mcp", "read-only", 1702),
    fastmcp_tool("confluence_delete_page", "confluence_mcp", "mutation", 1151),
    lowlevel_tool("delete_object_version_permanently", "mutation", 412, ("TAV201",)),
    lowlevel_tool("put_object_retention_configuration", "mutation", 480, ()),
]


def diagnostics() -> tuple[Diagnostic, ...]:
    found = []
    for tool in TOOLS:
        if "TAV503" in tool.findings:
            message = (
                f"TAV503 read-only tool '{tool.name}' rejects unknown keys ({REJECTS}), but the "
                f"policy wants them reported as unknown_args: {remedy(tool.server)}"
            )
            found.append(Diagnostic(tool.path, tool.line, tool.col, "TAV503", message, tool.name))
        if "TAV201" in tool.findings:
            message = (
                f"TAV201 mutation tool '{tool.name}' runs with unknown keys (the handler reads "
                "the keys it knows and ignores the rest): call reject_unknown_args(arguments, "
                "KNOWN_ARGS) before any side effect"
            )
            found.append(Diagnostic(tool.path, 431, 9, "TAV201", message, tool.name))
    return tuple(sorted(found))


def audit() -> Audit:
    rows = [AuditRow(tool, tool.findings) for tool in TOOLS]
    return Audit(rows=tuple(sorted(rows, key=audit_order)), diagnostics=diagnostics())


def blocks(text: str) -> dict[str, list[str]]:
    """Each server's lines, by the server's header line."""
    found: dict[str, list[str]] = {}
    current: list[str] = []
    for line in text.splitlines():
        if line.startswith("server '"):
            current = found.setdefault(line, [])
        elif line.startswith("  "):
            current.append(line)
    return found


@pytest.mark.parametrize("width", [80, 100, 200])
def test_every_line_fits_and_keeps_names_and_verdicts_whole(width: int) -> None:
    text = audit_for_terminal(audit(), width)
    assert all(len(line) <= width for line in text.splitlines()), text
    lines = text.splitlines()
    for tool in TOOLS:
        verdict = "FAILS " + ", ".join(tool.findings) if tool.findings else "conforms"
        (line,) = [line for line in lines if line.startswith(f"  {tool.name} ")]
        assert f" {tool.mode} " in line and f" {verdict}" in line, line
    assert text.endswith(audit().summary.line() + "\n" + text.split(audit().summary.line())[1][1:])


@pytest.mark.parametrize("width", [80, 100, 200])
def test_each_server_once_with_its_framework_behaviour_and_remedy(width: int) -> None:
    text = audit_for_terminal(audit(), width)
    found = blocks(text)
    assert sorted(found) == sorted([
        f"server 'jira_mcp': {FASTMCP}",
        f"server 'confluence_mcp': {FASTMCP}",
        "server 'server': MCP SDK low-level Server, mcp 1.x, from pyproject.toml: mcp>=1.27",
    ]) or width < 100  # at 80 a long title wraps; the names are checked below
    joined = " ".join(" ".join(line.split()) for line in text.splitlines())
    # The remedy and what the framework does: once per server, not once per tool.
    assert joined.count(remedy("jira_mcp")) == 1
    assert joined.count(remedy("confluence_mcp")) == 1
    assert joined.count(REJECTS) == 2
    assert "remedy (TAV503, 2 tools):" in joined and "remedy (TAV503, 1 tool):" in joined


def test_mutations_first_within_each_server_and_servers_in_that_order() -> None:
    text = audit_for_terminal(audit(), 200)
    names = [line.split()[0] for line in text.splitlines() if line.startswith("  ") and
             line.split()[0] in {tool.name for tool in TOOLS}]
    modes = {tool.name: tool.mode for tool in TOOLS}
    for group in server_groups(audit()):
        mine = [name for name in names if name in {row.tool.name for row in group.rows}]
        assert [modes[n] for n in mine] == sorted((modes[n] for n in mine),
                                                  key=lambda m: m != "mutation")
    assert names.index("jira_create_issue") < names.index("jira_get_issues_development_info")


def test_the_evidence_gives_way_from_the_right_and_short_reasons_before_a_cut() -> None:
    wide = audit_for_terminal(audit(), 200)
    assert "annotation destructiveHint=True" in wide and "jira.py:1240" in wide
    assert ELLIPSIS not in wide
    # At 100 the paths are the first to go; the reason keeps its words.
    at_100 = audit_for_terminal(audit(), 100)
    jira = [line for line in at_100.splitlines() if line.startswith("  jira_create_issue ")]
    assert jira and "jira.py" not in jira[0]
    assert "destructiveHint=True" in jira[0]


def test_unknown_keys_column_only_where_the_header_cannot_say_it() -> None:
    found = blocks(audit_for_terminal(audit(), 200))
    for title, lines in found.items():
        header = next(line for line in lines if line.strip().startswith("TOOL"))
        assert ("UNKNOWN KEYS" in header) == ("low-level" in title), (title, header)


def test_pipes_keep_the_full_table_and_a_terminal_gets_the_grouped_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cli = importlib.import_module("toolargs.cli.main")
    monkeypatch.setattr(cli, "terminal_width", lambda: None)
    assert table_for(audit(), wide=False) == audit_table(audit())
    monkeypatch.setattr(cli, "terminal_width", lambda: 100)
    assert table_for(audit(), wide=False) == audit_for_terminal(audit(), 100)
    assert table_for(audit(), wide=True) == audit_table(audit())


def test_a_terminal_narrower_than_80_gets_the_80_column_view() -> None:
    assert audit_for_terminal(audit(), 40) == audit_for_terminal(audit(), 80)


def test_remedy_is_the_text_after_the_templates_last_colon() -> None:
    message = diagnostics()[0].message
    assert remedy_of("TAV503", message) in {remedy("jira_mcp"), remedy("confluence_mcp")}
    assert remedy_of("TAV501", "TAV501 SDK FastMCP server 'mcp' drops unknown keys before "
                     "its 64 tool(s) run, without a word: apply toolargs.runtime."
                     "enforce_policy(mcp)") == "apply toolargs.runtime.enforce_policy(mcp)"
    assert remedy_of("TAV902", "TAV902 handler of tool 'x' cannot be resolved") is None
    assert remedy_of("TAV000", "anything: at all") is None


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_explain_a_mutation_tool_with_its_finding_at_its_location() -> None:
    code, out, err = run("audit", "--explain", "delete_note", str(EXAMPLE))
    assert code == 1, err
    text = " ".join(out.split())
    assert out.startswith("delete_note (mutation)\n")
    for fact in (
        "server: server 'server': MCP SDK low-level Server",
        "mode: mutation, from annotation destructiveHint=True",
        "handler: delete_note, registered by dispatcher",
        "schema: Tool(inputSchema=...)",
        "KNOWN_ARGS: missing",
        "unknown keys: dropped, decided by the handler: the handler reads the keys it knows",
        "policy kept: no",
        "verdict: FAILS TAV201",
        "notes_server.py:179:18: TAV201 mutation tool 'delete_note' runs with unknown keys",
        "docs/rules/TAV201.md",
    ):
        assert fact in text, (fact, out)


def test_explain_a_conforming_tool_exits_0() -> None:
    code, out, _ = run("audit", "--explain", "create_note", str(EXAMPLE))
    assert code == 0 and "verdict:      conforms" in out and "findings" not in out


def test_explain_an_unknown_name_suggests_the_nearest() -> None:
    code, out, err = run("audit", "--explain", "delete_nte", str(EXAMPLE))
    assert code == 2 and out == ""
    assert "no tool of that name among the 6 found (did you mean delete_note" in err


def test_explain_is_text_only() -> None:
    code, _, err = run("audit", "--explain", "delete_note", "--format", "json", str(EXAMPLE))
    assert code == 2 and "--explain prints text" in err


def handler_only_tool(name: str, mode: str) -> ToolReport:
    return ToolReport(
        name=name, mode=mode, mode_source="default", shape="registry",  # type: ignore[arg-type]
        path="tools/registry.py", line=40, col=5, handler=name, schema_source="signature",
        known_args="n/a (keyword-style)", strict=True, findings=(), unknown_keys="rejected",
        handled_by="handler",
        unknown_keys_why="the handler's signature refuses unexpected keywords",
    )


def test_tools_no_framework_server_registers_are_one_group() -> None:
    rows = [AuditRow(handler_only_tool(n, m), ()) for n, m in
            (("summarise_thread", "read-only"), ("archive_thread", "mutation"))]
    text = audit_for_terminal(Audit(rows=tuple(sorted(rows, key=audit_order))), 80)
    lines = text.splitlines()
    assert lines[0] == "tools without a framework server: their handlers decide"
    assert "unknown keys (handler decides): the handler's signature refuses" in text
    assert "remedy" not in text
    names = [line.split()[0] for line in lines if line.startswith("  ") and "_thread" in line]
    assert names == ["archive_thread", "summarise_thread"]


def test_the_command_in_a_real_terminal(tmp_path: Path) -> None:
    """`toolargs audit` with its output on a pseudo-terminal of 80 columns, as a person
    runs it; the same command piped prints the full table."""
    pty = pytest.importorskip("pty")
    import os
    import subprocess
    import sys

    environment = {k: v for k, v in os.environ.items() if k != "CI"}
    environment["COLUMNS"] = "80"
    leader, follower = pty.openpty()
    done = subprocess.run(
        [sys.executable, "-m", "toolargs", "audit", str(EXAMPLE)],
        stdout=follower, stderr=subprocess.DEVNULL, env=environment, timeout=300,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end is closed: everything was read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    text = b"".join(chunks).decode().replace("\r\n", "\n")
    assert done.returncode == 1
    assert text.startswith("server 'server': MCP SDK low-level Server")
    assert all(len(line) <= 80 for line in text.splitlines()), text
    assert "  delete_note     mutation   FAILS TAV201" in text
    piped = subprocess.run(
        [sys.executable, "-m", "toolargs", "audit", str(EXAMPLE)],
        capture_output=True, text=True, env=environment, timeout=300,
    )
    assert piped.stdout.startswith("TOOL            MODE       WHY")
