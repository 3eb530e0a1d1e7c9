"""`toolargs audit`, as reviewers run it: every tool, its verdict, mutation tools first.

The table test runs the command in its own process; the others call the CLI's entry point
in this process (the same exit code and output, without starting a process each time).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toolargs.cli import main

jsonschema = pytest.importorskip("jsonschema")

SARIF_SCHEMA = json.loads(
    (Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text("utf-8")
)

HEADER = '''\
from toolargs.runtime import collect_unknown_args, reject_unknown_args, with_unknown_args

server = Server("demo")
SEARCH_SCHEMA = {"type": "object", "properties": {"query": {"type": "string"}}}
LIST_SCHEMA = {"type": "object", "properties": {"folder": {"type": "string"}}}
LIST_KNOWN_ARGS = ("folder",)
DELETE_SCHEMA = {"type": "object", "properties": {"path": {"type": "string"}}}
REPLACE_SCHEMA = {"type": "object", "properties": {"path": {}, "text": {}}}
REPLACE_KNOWN_ARGS = ("path", "text")
'''

# Read-only, never collects unknown args.
SEARCH = '''
@server.tool(name="search", input_schema=SEARCH_SCHEMA)
def search(arguments: dict) -> dict:
    return {"hits": []}
'''

# Read-only, lenient and visible.
LIST_FILES = '''
@server.tool(name="list_files", input_schema=LIST_SCHEMA)
def list_files(arguments: dict) -> dict:
    unknown = collect_unknown_args(arguments, LIST_KNOWN_ARGS)
    return with_unknown_args({"files": []}, unknown)
'''

# Mutation (by name), writes without rejecting unknown args.
DELETE_LINES = '''
@server.tool(name="delete_lines", input_schema=DELETE_SCHEMA)
def delete_lines(arguments: dict) -> dict:
    open(arguments["path"], "w").close()
    return {"deleted": True}
'''

# Mutation (by name), strict before its first write.
REPLACE_LINES = '''
@server.tool(name="replace_lines", input_schema=REPLACE_SCHEMA)
def replace_lines(arguments: dict) -> dict:
    reject_unknown_args(arguments, REPLACE_KNOWN_ARGS)
    open(arguments["path"], "w").write(arguments["text"])
    return {"replaced": True}
'''

SERVER = HEADER + SEARCH + LIST_FILES + DELETE_LINES + REPLACE_LINES
CONFORMING = HEADER + LIST_FILES + REPLACE_LINES


def audit(project: Path, *args: str, process: bool = False) -> subprocess.CompletedProcess[str]:
    """`toolargs audit ARGS` in `project`: through main() in this process (the same exit
    code and output), or with `process=True` as reviewers run it, in its own process."""
    if process:
        return subprocess.run(
            [sys.executable, "-m", "toolargs", "audit", *args],
            cwd=project, capture_output=True, text=True, timeout=300,
        )
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(project)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["audit", *args])
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(["audit", *args], code, out.getvalue(), err.getvalue())


def tools_of(result: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(result.stdout)["tools"]
    return rows


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n', encoding="utf-8")
    (tmp_path / "server.py").write_text(SERVER, encoding="utf-8")
    return tmp_path


def test_json_lists_every_tool_with_its_verdict_mutations_first(project: Path) -> None:
    result = audit(project, "--format", "json", ".")
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    rows = document["tools"]
    assert [row["mode"] for row in rows] == ["mutation", "mutation", "read-only", "read-only"]
    by_name = {row["name"]: row for row in rows}
    assert set(by_name) == {"search", "list_files", "delete_lines", "replace_lines"}
    required = {"name", "mode", "mode_source", "path", "line", "schema_source",
                "known_args", "conforms", "findings"}
    for row in rows:
        assert required <= set(row)
        assert row["path"] == "server.py"
        assert row["conforms"] is (row["findings"] == [])
        assert SERVER.splitlines()[row["line"] - 1].strip().startswith("def " + row["name"])
    assert "TAV101" in by_name["search"]["findings"]
    assert "TAV201" in by_name["delete_lines"]["findings"]
    assert by_name["list_files"]["conforms"] and by_name["replace_lines"]["conforms"]
    assert by_name["delete_lines"]["mode_source"] != by_name["search"]["mode_source"]
    summary = document["summary"]
    assert (summary["tools"], summary["read_only"], summary["mutation"]) == (4, 2, 2)
    assert (summary["read_only_conform"], summary["mutation_conform"]) == (1, 1)
    assert summary["text"].startswith("4 tools: 2 read-only, 1 conform; 2 mutation, ")


def test_mutations_only(project: Path) -> None:
    result = audit(project, "--format", "json", "--mutations-only", ".")
    assert result.returncode == 1
    assert [row["name"] for row in tools_of(result)] == ["delete_lines", "replace_lines"]


def test_exit_0_when_every_tool_conforms(project: Path) -> None:
    (project / "server.py").write_text(CONFORMING, encoding="utf-8")
    result = audit(project, ".")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == "2 tools: 1 read-only, 1 conform; 1 mutation, 1 strict"


def test_table_rows_and_summary(project: Path) -> None:
    result = audit(project, ".", process=True)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].split()[:2] == ["TOOL", "MODE"]
    assert [line.split()[0] for line in lines[1:5]] == [
        "delete_lines", "replace_lines", "search", "list_files"
    ]
    assert "FAILS TAV201" in lines[1] and "conforms" in lines[2]
    assert re.fullmatch(
        r"4 tools: 2 read-only, 1 conform; 2 mutation, 1 strict; 2 do not conform", lines[-1]
    )


def test_markdown_for_a_pull_request(project: Path) -> None:
    result = audit(project, "--format", "markdown", ".")
    assert result.returncode == 1
    text = result.stdout
    assert text.startswith("### toolargs audit")
    assert text.index("`delete_lines`") < text.index("`search`")
    assert len([line for line in text.splitlines() if line.startswith("| `")]) == 4


def test_sarif_validates_with_a_result_per_failing_tool(project: Path) -> None:
    result = audit(project, "--format", "sarif", ".")
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert not list(jsonschema.Draft4Validator(SARIF_SCHEMA).iter_errors(document))
    results = document["runs"][0]["results"]
    named = {re.search(r"'([^']+)'", r["message"]["text"]).group(1)  # type: ignore[union-attr]
             for r in results}
    assert named == {"search", "delete_lines"}


def test_noqa_makes_a_tool_conform_and_says_so(project: Path) -> None:
    check = subprocess.run(
        [sys.executable, "-m", "toolargs", "check", "--format", "json", "server.py"],
        cwd=project, capture_output=True, text=True, timeout=300,
    )
    (line,) = [f["line"] for f in json.loads(check.stdout) if f["code"] == "TAV101"]
    lines = SERVER.splitlines()
    lines[line - 1] += "  # noqa: TAV101"
    (project / "server.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
    by_name = {row["name"]: row for row in tools_of(audit(project, "--format", "json", "."))}
    assert by_name["search"]["conforms"] is True
    assert by_name["search"]["suppressed"] == ["TAV101"]
    assert by_name["delete_lines"]["conforms"] is False


def test_select_reaches_the_verdict(project: Path) -> None:
    default = {row["name"]: row for row in tools_of(audit(project, "--format", "json", "."))}
    assert "TAV402" not in default["list_files"]["findings"]
    chosen = audit(project, "--format", "json", "--select", "TAV4", ".")
    by_name = {row["name"]: row for row in tools_of(chosen)}
    # list_files is classified by default only: TAV402, when asked for, fails it.
    assert by_name["list_files"]["findings"] == ["TAV402"]
    ignored = audit(project, "--format", "json", "--ignore", "TAV1,TAV2", ".")
    assert ignored.returncode == 0
    assert all(row["conforms"] for row in tools_of(ignored))


def test_unparsable_files_exit_2_after_the_audit(project: Path) -> None:
    (project / "broken.py").write_text("@server.tool()\ndef broken(:\n", encoding="utf-8")
    result = audit(project, "--format", "json", ".")
    assert result.returncode == 2
    assert result.stderr.startswith("broken.py:")
    assert len(tools_of(result)) == 4
