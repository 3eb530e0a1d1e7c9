"""A finding whose one remedy is at the server is reported once for the server.

`toolargs check` (every format) keeps one per server and code for the whole run, naming
how many tools it covers and which; the audit still lists the code on each tool. The
low-level examples of docs/frameworks.md, which apply `enforce_policy(server)`, check
clean.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from packages import write_package

from toolargs.analysis import analyze_source
from toolargs.cli import main
from toolargs.config import Config

ROOT = Path(__file__).resolve().parent.parent
PANTRY = ROOT / "fixtures" / "servers" / "pantry_fastmcp.py"
WORKSPACE = ROOT / "fixtures" / "packages" / "workspace_tools"
WORKSPACE_TOOLS = [
    "read_file", "list_dir", "write_file", "read_memory", "list_memories", "delete_memory"
]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def check_json(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    code, out = run(capsys, "check", "--format", "json", str(path))
    assert code == 1
    findings: list[dict[str, Any]] = json.loads(out)
    return findings


def test_one_tav503_for_a_server_of_five_read_only_tools(
    capsys: pytest.CaptureFixture[str],
) -> None:
    findings = check_json(capsys, PANTRY)
    assert [(f["code"], f["line"]) for f in findings] == [("TAV503", 17)]
    assert "fastmcp server 'mcp' rejects the unknown keys of its 5 read-only tool(s) " in (
        findings[0]["message"]
    )
    assert "('list_items', 'find_item', 'expiring_soon' and 2 more;" in findings[0]["message"]
    assert "enforce_policy(mcp)" in findings[0]["message"]


def test_the_audit_still_shows_it_on_every_tool_it_covers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "audit", "--format", "json", str(PANTRY))
    assert code == 1
    tools = {t["name"]: t["findings"] for t in json.loads(out)["tools"]}
    read_only = ["list_items", "find_item", "expiring_soon", "shopping_list", "item_history"]
    assert {name: tools[name] for name in read_only} == {name: ["TAV503"] for name in read_only}
    assert tools["use_item"] == []


def test_a_server_serving_tools_of_two_modules_is_reported_once_per_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    findings = [f for f in check_json(capsys, WORKSPACE) if f["code"] == "TAV501"]
    assert len(findings) == 1
    finding = findings[0]
    assert finding["path"].endswith("file_tools.py") and finding["line"] == 12
    assert "before its 6 tool(s) ('read_file', 'list_dir', 'write_file' and 3 more) run" in (
        finding["message"]
    )
    assert finding["message"].endswith("(it is built in mcp_server.py)")


def test_each_module_alone_names_its_own_tools(capsys: pytest.CaptureFixture[str]) -> None:
    """Checked alone (as flake8 checks a file), a module reports the tools it holds."""
    findings = check_json(capsys, WORKSPACE / "memory_tools.py")
    assert [(f["code"], f["line"]) for f in findings] == [("TAV501", 12)]
    assert "its 3 tool(s) ('read_memory', 'list_memories' and 'delete_memory')" in (
        findings[0]["message"]
    )


def test_sarif_and_github_report_it_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "check", "--format", "sarif", str(WORKSPACE))
    assert code == 1
    results = json.loads(out)["runs"][0]["results"]
    assert [r["ruleId"] for r in results].count("TAV501") == 1
    code, out = run(capsys, "check", "--format", "github", str(WORKSPACE))
    assert code == 1
    assert len([line for line in out.splitlines() if "title=TAV501" in line]) == 1


def test_the_audit_of_the_package_lists_tav501_on_all_six_tools(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "audit", "--format", "json", str(WORKSPACE))
    assert code == 1
    tools = {t["name"]: t["findings"] for t in json.loads(out)["tools"]}
    assert all("TAV501" in tools[name] for name in WORKSPACE_TOOLS)


def _docs_examples() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "frameworks.md").read_text()
    found = re.findall(r"```python\n(# (notes_lowlevel2?\.py):.*?)```", text, re.S)
    return [(name, source) for source, name in found]


@pytest.mark.parametrize("name,source", _docs_examples(), ids=lambda v: v[:20])
def test_the_low_level_docs_examples_check_clean(name: str, source: str) -> None:
    report = analyze_source(source, name, Config())
    assert report.diagnostics == ()
    tools = {t.name: t for t in report.tools}
    assert set(tools) == {"search_notes", "rename_note"}
    assert tools["search_notes"].unknown_keys == "reported"
    assert tools["rename_note"].unknown_keys == "rejected"
    assert all(t.handled_by == "toolargs" and t.framework == "mcp-lowlevel" for t in tools.values())


def test_the_docs_have_both_low_level_examples() -> None:
    assert [name for name, _ in _docs_examples()] == ["notes_lowlevel.py", "notes_lowlevel2.py"]


@pytest.mark.parametrize("name,source", _docs_examples(), ids=lambda v: v[:20])
def test_without_enforce_policy_the_low_level_examples_are_judged_by_their_handlers(
    name: str, source: str
) -> None:
    plain = source.replace('enforce_policy(Server("notes"))', 'Server("notes")').replace(
        "enforce_policy(Server(", "(Server("
    )
    assert "enforce_policy(" not in plain.split("import enforce_policy", 1)[1]
    found = analyze_source(plain, name, Config()).diagnostics
    # One finding at the server: no handler applies the policy, one line is the remedy.
    assert [d.code for d in found] == ["TAV505"]
    assert "'search_notes'" in found[0].message and "'rename_note'" in found[0].message
    assert "1 mutation runs with them" in found[0].message  # rename_note
    # search_notes: dropped (2.x) or rejected by its closed schema (1.x)
    assert "1 read-only tool" in found[0].message
    per_handler = {
        d.code for d in analyze_source(plain, name, Config(policy_at="handler")).diagnostics
    }
    assert "TAV201" in per_handler  # rename_note runs with unknown keys
    assert per_handler & {"TAV101", "TAV503"}


def test_fix_adds_enforce_policy_once_where_the_server_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import ast
    import shutil

    package = tmp_path / "workspace_tools"
    shutil.copytree(WORKSPACE, package)
    before = {p.name: p.read_text() for p in package.glob("*.py")}
    code, out = run(capsys, "fix", str(package))
    assert code == 0, out
    assert f"{package / 'mcp_server.py'}: added enforce_policy (mcp)" in out
    assert "fixed 2 findings in 1 file; none left that need a person" in out
    after = {p.name: p.read_text() for p in package.glob("*.py")}
    assert [name for name in sorted(after) if after[name] != before[name]] == ["mcp_server.py"]
    server = after["mcp_server.py"]
    assert server.count("enforce_policy(mcp)") == 1
    assert '    mcp = MCPServer("workspace")\n    enforce_policy(mcp)\n' in server
    assert "from mcp.server.mcpserver.utilities.func_metadata import func_metadata\n" + (
        "from toolargs.runtime import enforce_policy\n\nfrom . import file_tools"
    ) in server
    ast.parse(server)
    code, out = run(capsys, "fix", str(package))
    assert code == 0 and "fixed 0 findings in 0 files" in out
    assert {p.name: p.read_text() for p in package.glob("*.py")} == after
    code, out = run(capsys, "check", str(package))
    assert (code, out) == (0, "")


REGISTRY_DISPATCHER = '''\
from typing import Any

from mcp.server.lowlevel import Server
from mcp.types import Tool, ToolAnnotations

server = Server("directory")


@server.list_tools()
async def list_tools() -> list[Tool]:
    read_only = ToolAnnotations(readOnlyHint=True)
    return [
        Tool(name="list_users", inputSchema={"properties": {"query": {}}}, annotations=read_only),
        Tool(name="list_teams", inputSchema={"properties": {"query": {}}}, annotations=read_only),
    ]


def list_users(arguments: dict[str, Any]) -> dict[str, Any]:
    return {"users": directory.users(arguments.get("query"))}


def list_teams(arguments: dict[str, Any]) -> dict[str, Any]:
    return {"teams": directory.teams(arguments.get("query"))}


HANDLERS = {"list_users": list_users, "list_teams": list_teams}


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[dict[str, Any]]:
    return [HANDLERS[name](arguments)]
'''


def test_tools_a_registry_dispatches_are_the_servers_this_module_builds(tmp_path: Path) -> None:
    # The handlers are found through the registry and linked by the value-flow analysis
    # to the server built on line 6: that server, not a second one of the same name.
    path = tmp_path / "directory.py"
    path.write_text(REGISTRY_DISPATCHER)
    report = analyze_source(REGISTRY_DISPATCHER, str(path), Config())
    (finding,) = report.diagnostics
    assert (finding.code, finding.line) == ("TAV505", 6)
    assert "low-level server 'server' " in finding.message
    assert "'list_users' and 'list_teams'" in finding.message


CALCULATOR = '''\
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("calculator")


@mcp.tool()
def add(a: float, b: float) -> float:
    """The sum of two numbers."""
    return a + b


@mcp.tool()
def ratio(a: float, b: float) -> float:
    """a divided by b."""
    return a / b


@mcp.tool()
def save_result(value: float, path: str) -> str:
    """Write a result to a file."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(str(value))
    return path
'''


def test_the_remedy_asks_to_annotate_what_enforce_policy_would_misread() -> None:
    # `add` only computes, but enforce_policy takes a tool named with a write verb for a
    # mutation (its unknown keys refused, not reported); `ratio`'s name says nothing
    # (enforce_policy gives it the default mode); `save_result`'s name says what it does.
    report = analyze_source(CALCULATOR, "calculator.py", Config())
    [finding] = [d for d in report.diagnostics if d.code == "TAV501"]
    assert "enforce_policy(mcp)" in finding.message
    assert "annotate the 1 tool(s) whose names do not say whether they write ('ratio')" in (
        finding.message
    )
    assert "annotate readOnlyHint=True the 1 tool(s) named like writes whose code only " in (
        finding.message
    )
    assert "reads ('add'), if they do" in finding.message
    assert "save_result" not in finding.message.split("enforce_policy(mcp)")[1]


STATIONS = '''\
from fastmcp import FastMCP

from .rig import Rig

mcp = FastMCP("stations")
rig = Rig()


@mcp.tool
def list_stations(region: str) -> list[str]:
    """The stations of a region."""
    return sorted(name for name in ("north-1", "north-2") if name.startswith(region))


@mcp.tool
def calibrate(station: str, offset: float) -> str:
    """Calibrate a station's sensor."""
    return rig.apply(station, offset)
'''


def test_tav503_covers_only_tools_something_shows_are_read_only(tmp_path: Path) -> None:
    # `calibrate` calls into an object the checker cannot follow and its name says
    # nothing: read-only only by default. fastmcp rejecting its unknown keys is right if
    # it writes, so the finding names the tool that reads and asks for the other's mode.
    rig = (
        "from hardware import Bus\n\n\nclass Rig:\n"
        "    def apply(self, station: str, offset: float) -> str:\n"
        "        return Bus().send(station, offset)\n"
    )
    package = write_package(tmp_path / "stations", {"rig.py": rig, "server.py": STATIONS})
    server = package / "server.py"
    report = analyze_source(STATIONS, str(server), Config())
    [finding] = [d for d in report.diagnostics if d.code == "TAV503"]
    assert "its 1 read-only tool(s) ('list_stations';" in finding.message
    assert finding.covers == ("list_stations",)
    assert "whose names do not say whether they write ('calibrate' and " in finding.message


CHECKED_CALLS = ROOT / "fixtures" / "packages" / "checked_calls"


def test_a_finding_several_tools_share_at_one_place_is_reported_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The dispatcher's own check, run for every tool before its branch, raises another
    error than MissingParam: one TAV204 at the check names both mutations it covers,
    and the audit still fails each of them."""
    findings = [f for f in check_json(capsys, CHECKED_CALLS) if f["code"] == "TAV204"]
    assert len(findings) == 1
    assert "'add_note' (and 'delete_note', at the same place)" in findings[0]["message"]
    code, out = run(capsys, "audit", "--format", "json", str(CHECKED_CALLS))
    tools = {t["name"]: t["findings"] for t in json.loads(out)["tools"]}
    assert tools["add_note"] == tools["delete_note"] == ["TAV204"]
    assert tools["search_notes"] == tools["archive_note"] == []


def test_a_finding_naming_its_tool_twice_is_still_merged_at_one_place() -> None:
    """A finding reported at evidence in another module names the tool twice (the claim,
    and where the tool is registered): tools sharing that evidence share one finding."""
    from toolargs.analysis import once_per_place
    from toolargs.model import Diagnostic

    def at_catalog(tool: str) -> Diagnostic:
        message = (
            f"TAV106 read-only tool '{tool}' reads alias 'limit' directly, so it can win "
            f"over 'max_results': resolve it with optional_usize_with_aliases (tool "
            f"'{tool}' registered at daemon.py:327)"
        )
        return Diagnostic("catalog.py", 68, 9, "TAV106", message, tool)

    [merged] = once_per_place([at_catalog("status"), at_catalog("search_tools")])
    assert merged.covers == ("search_tools", "status")
    assert "'search_tools' (and 'status', at the same place)" in merged.message
