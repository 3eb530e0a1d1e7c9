"""The mode enforce_policy(server, ...) gives a tool at run time, as the checker models it.

A running enforce_policy reads a tool's name, its annotations and the call's options,
never its handler or the project's configuration. The package fixture field_journal
(fastmcp, tools in another module than the server) has two mutations known only by their
effects (TAV404 asks a person to declare them) and one pure tool named with a mutation
verb. Declared in the project's configuration instead, the same modes are ones the call
must carry: TAV201/TAV503 name them in its options, and `fix` writes them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import libcst as cst
import pytest

from toolargs.cli import main
from toolargs.remedy import applied_options

ROOT = Path(__file__).resolve().parent.parent
JOURNAL = ROOT / "fixtures" / "packages" / "field_journal"
DECLARED = """[tool.toolargs]
mutation-tools = ["shelve_season", "tidy_site"]
read-only-tools = ["set_overlap"]
"""
REMEDY = (
    'enforce_policy(mcp, mutation_tools=(*DEFAULT_MUTATION_TOOLS, "shelve_season", '
    '"tidy_site"), read_only_tools=("set_overlap",))'
)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def copy(tmp_path: Path) -> Path:
    """The fixture, with its modes declared in the project's configuration."""
    package = tmp_path / "field_journal"
    shutil.copytree(JOURNAL, package)
    (tmp_path / "pyproject.toml").write_text(DECLARED)
    return package


def set_call(package: Path, call: str, names: str = "enforce_policy") -> None:
    app = package / "app.py"
    text = app.read_text()
    text = text.replace("import enforce_policy\n", f"import {names}\n")
    app.write_text(text.replace("enforce_policy(mcp)\n", call + "\n"))


def test_modes_read_from_the_code_are_left_to_a_person(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "check", "--format", "json", str(JOURNAL))
    assert code == 1
    findings: list[dict[str, Any]] = json.loads(out)
    assert [(f["code"], Path(f["path"]).name, f["line"]) for f in findings] == [
        ("TAV404", "app.py", 7),
    ]
    message = findings[0]["message"]
    assert "2 tool(s) of fastmcp server 'mcp' ('shelve_season' and 'tidy_site')" in message
    assert "shelve_season: " in message and "annotate each readOnlyHint=False" in message
    assert "mutation_tools=" not in message  # the checker's reading is not written as code
    code, out = run(capsys, "audit", "--format", "json", str(JOURNAL))
    tools = {t["name"]: t for t in json.loads(out)["tools"]}
    assert tools["tidy_site"]["findings"] == tools["shelve_season"]["findings"] == ["TAV404"]
    assert tools["set_overlap"]["findings"] == []  # strict by its verb: the safe side


def test_check_reports_once_at_the_server_with_the_call_to_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(capsys, "check", "--format", "json", str(copy(tmp_path)))
    assert code == 1
    findings: list[dict[str, Any]] = json.loads(out)
    assert [(f["code"], Path(f["path"]).name, f["line"]) for f in findings] == [
        ("TAV201", "app.py", 7),
        ("TAV503", "app.py", 7),
    ]
    mutation, read_only = (f["message"] for f in findings)
    assert "runs its 2 mutation tool(s) ('shelve_season' and 'tidy_site')" in mutation
    assert "takes them for read-only at run time" in mutation
    assert "('set_overlap'; enforce_policy, as called on it, takes them for mutations" in (
        read_only
    )
    assert REMEDY in mutation and REMEDY in read_only
    assert "DEFAULT_MUTATION_TOOLS from toolargs.runtime" in mutation


def test_the_audit_shows_what_the_running_policy_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(capsys, "audit", "--format", "json", str(copy(tmp_path)))
    assert code == 1
    tools = {t["name"]: t for t in json.loads(out)["tools"]}
    assert {n: (t["mode"], t["unknown_keys"], t["findings"]) for n, t in tools.items()} == {
        "list_entries": ("read-only", "reported", []),
        "read_entry": ("read-only", "reported", []),
        "set_overlap": ("read-only", "rejected", ["TAV503"]),
        "tidy_site": ("mutation", "reported", ["TAV201"]),
        "shelve_season": ("mutation", "reported", ["TAV201"]),
    }


def test_with_the_remedy_applied_check_is_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = copy(tmp_path)
    set_call(package, REMEDY, "DEFAULT_MUTATION_TOOLS, enforce_policy")
    assert run(capsys, "check", str(package)) == (0, "")
    code, out = run(capsys, "audit", "--format", "json", str(package))
    tools = {t["name"]: t["unknown_keys"] for t in json.loads(out)["tools"]}
    assert tools["tidy_site"] == tools["shelve_season"] == "rejected"
    assert tools["set_overlap"] == "reported"


def test_module_constants_and_spreads_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = copy(tmp_path)
    call = (
        'JOURNAL_WRITES = ("tidy_*", "shelve_*")\n'
        "enforce_policy(mcp, mutation_tools=(*DEFAULT_MUTATION_TOOLS, *JOURNAL_WRITES), "
        'read_only_tools=["set_overlap"])'
    )
    set_call(package, call, "DEFAULT_MUTATION_TOOLS, enforce_policy")
    assert run(capsys, "check", str(package)) == (0, "")


def test_a_partial_remedy_names_only_what_is_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = copy(tmp_path)
    set_call(package, 'enforce_policy(mcp, mutation_tools=("tidy_*",))')
    code, out = run(capsys, "check", str(package))
    assert code == 1
    assert 'enforce_policy(mcp, mutation_tools=("tidy_*", "shelve_season"), ' in out
    assert "runs its 1 mutation tool(s) ('shelve_season')" in out


def test_options_the_checker_cannot_read_are_said_not_guessed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = copy(tmp_path)
    set_call(package, "enforce_policy(mcp, mutation_tools=load_mutations())")
    code, out = run(capsys, "check", "--format", "json", str(package))
    assert code == 1
    findings = json.loads(out)
    # any tool a pattern of that list could name: one finding for the four
    (undecided,) = [f for f in findings if f["code"] == "TAV904"]
    assert "what 4 tool(s) of this module (" in undecided["message"]
    assert "mutation_tools=load_mutations(), which the checker cannot read" in (
        undecided["message"]
    )
    assert "as literals" in undecided["message"]
    # Its verb makes 'set_overlap' a mutation at run time whatever that list holds.
    (rest,) = [f for f in findings if f["code"] != "TAV904"]
    assert rest["code"] == "TAV503" and "('set_overlap';" in rest["message"]
    assert 'enforce_policy(mcp, mutation_tools=load_mutations(), read_only_tools=("set_' in (
        rest["message"]
    )


def test_fix_writes_the_same_options_and_the_round_trip_is_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = copy(tmp_path)
    app = package / "app.py"
    app.write_text(
        app.read_text()
        .replace("from toolargs.runtime import enforce_policy\n", "")
        .replace("enforce_policy(mcp)\n", "")
    )
    code, out = run(capsys, "fix", str(package))
    assert code == 0, out
    written = app.read_text()
    # The project's configuration, which the running server never reads, carried over.
    assert (
        'mcp, mutation_tools=("shelve_season", "tidy_site"), read_only_tools=("set_overlap",)'
        in written
    )
    assert run(capsys, "check", str(package)) == (0, "")
    code, out = run(capsys, "fix", str(package))
    assert code == 0 and "fixed 0 findings in 0 files" in out


def test_fix_leaves_an_applied_call_to_a_person_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = copy(tmp_path)
    code, out = run(capsys, "fix", str(package))
    assert code == 1
    assert "enforce_policy(mcp) is already applied: follow the remedy in the message" in out


@pytest.mark.parametrize(
    ("source", "mode", "unread"),
    [
        ("enforce_policy(mcp)", "read-only", ""),
        ('enforce_policy(mcp, mutation_tools=("tidy_*",))', "mutation", ""),
        ('enforce_policy(mcp, default_mode="mutation")', "mutation", ""),
        ("enforce_policy(mcp, default_mode=MODE)", None, "default_mode=MODE"),
        ("enforce_policy(mcp, **OPTIONS)", None, "**OPTIONS"),
        # Annotated read-only, only a mutation_tools= pattern could change it.
        ("enforce_policy(mcp, read_only_tools=names())", "read-only", ""),
    ],
)
def test_the_mode_of_a_tool_named_without_a_verb(
    source: str, mode: str | None, unread: str
) -> None:
    from toolargs.model import Tool

    call = cst.parse_expression(source)
    assert isinstance(call, cst.Call)
    applied = applied_options(call, None, "mcp")
    tool = Tool.__new__(Tool)
    tool.name, tool.annotations = "tidy_site", None
    assert applied.mode(tool) == (mode, unread)
