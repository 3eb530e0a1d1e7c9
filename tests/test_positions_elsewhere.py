"""One anchor per tool, and findings whose evidence is in another module.

Whole-tool findings sit at the tool's anchor, where the audit row is; a finding about a
statement of a handler defined in another module is reported there by `toolargs check`
(naming the tool's path:line) and at the tool by flake8 (naming the evidence's path:line).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from test_cli import findings, toolargs_call

from toolargs.analysis import analyze_source
from toolargs.config import Config

FIXTURE = Path(__file__).parent.parent / "fixtures" / "servers" / "bookmarks_split"


def copy(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "bookmarks_split")
    return tmp_path / "bookmarks_split"


def line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


def test_cli_reports_the_evidence_where_it_is(tmp_path: Path) -> None:
    package = copy(tmp_path)
    result = toolargs_call("check", "--format", "json", "bookmarks_split", cwd=tmp_path)
    got = {(f["path"], f["line"], f["code"]): f["message"] for f in findings(result)}
    read = line_of(package / "handlers.py", 'arguments.get("max_results"')
    rejection = line_of(package / "handlers.py", "raise MissingParam")
    branch = line_of(package / "server.py", 'if name == "search_bookmarks"')
    assert set(got) == {
        ("bookmarks_split/handlers.py", read, "TAV104"),
        ("bookmarks_split/handlers.py", rejection, "TAV202"),
    }
    message = got[("bookmarks_split/handlers.py", read, "TAV104")]
    assert "tool 'search_bookmarks'" in message
    assert f"registered at bookmarks_split/server.py:{branch}" in message


def test_flake8_reports_at_the_tool_naming_the_evidence(tmp_path: Path) -> None:
    package = copy(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "flake8", "--select", "TAV", "bookmarks_split/server.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    branch = line_of(package / "server.py", 'if name == "search_bookmarks"')
    read = line_of(package / "handlers.py", 'arguments.get("max_results"')
    reported = [line for line in result.stdout.splitlines() if ": TAV104 " in line]
    assert len(reported) == 1
    assert reported[0].startswith(f"bookmarks_split/server.py:{branch}:")
    assert f"(in bookmarks_split/handlers.py:{read})" in reported[0]


def test_noqa_at_the_evidence_or_at_the_tool_silences_it(tmp_path: Path) -> None:
    package = copy(tmp_path)
    handlers = package / "handlers.py"
    text = handlers.read_text(encoding="utf-8")
    read = 'int(arguments.get("max_results", 20))'
    marked = text.replace(read, f"{read}  # noqa: TAV104")
    handlers.write_text(marked, encoding="utf-8")
    result = toolargs_call("check", "--format", "json", "bookmarks_split", cwd=tmp_path)
    assert [item["code"] for item in findings(result)] == ["TAV202"]
    handlers.write_text(text, encoding="utf-8")
    server = package / "server.py"
    server.write_text(
        server.read_text(encoding="utf-8").replace("# expect: TAV202", "# noqa: TAV202"),
        encoding="utf-8",
    )
    result = toolargs_call("check", "--format", "json", "bookmarks_split", cwd=tmp_path)
    assert [item["code"] for item in findings(result)] == ["TAV104"]


def test_whole_tool_findings_share_the_audit_anchor(tmp_path: Path) -> None:
    """TAV101 of a class-based tool sits on the class, like its audit row (not on the
    handler method)."""
    source = '''
from typing import Any

from mcp.types import TextContent


class ToolHandler:
    def __init__(self, name: str) -> None:
        self.name = name


class ListNotesHandler(ToolHandler):
    annotations = {"readOnlyHint": True}

    def __init__(self) -> None:
        super().__init__("list_notes")

    def run_tool(self, args: dict[str, Any]) -> list[TextContent]:
        folder = args.get("folder", "")
        return [TextContent(type="text", text=folder)]
'''
    report = analyze_source(source, "notes_tools.py", Config())
    (tool,) = report.tools
    whole = [d for d in report.diagnostics if d.code == "TAV101"]
    assert [(d.line, d.col) for d in whole] == [(tool.line, tool.col)]
    assert source.splitlines()[tool.line - 1].startswith("class ListNotesHandler")


def test_audit_row_keeps_the_tool_and_names_the_evidence(tmp_path: Path) -> None:
    package = copy(tmp_path)
    result = toolargs_call("audit", "--format", "sarif", "bookmarks_split", cwd=tmp_path)
    branch = line_of(package / "server.py", 'if name == "search_bookmarks"')
    read = line_of(package / "handlers.py", 'arguments.get("max_results"')
    (run,) = json.loads(result.stdout)["runs"]
    (found,) = [r for r in run["results"] if r["ruleId"] == "TAV104"]
    location = found["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "bookmarks_split/server.py"
    assert location["region"]["startLine"] == branch
    assert f"(in bookmarks_split/handlers.py:{read})" in found["message"]["text"]


def test_a_dispatcher_branch_is_anchored_at_the_string_naming_the_tool() -> None:
    """Two tools sharing one test (`name in (...)`) get one anchor each, like two cases."""
    source = '''
from typing import Any

from mcp.server.lowlevel import Server

server = Server("files")


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    if name in ("read_file", "head_file"):
        return {"text": open(arguments["path"]).read()}
    match name:
        case "stat_file" | "size_file":
            return {"size": 0}
    raise ValueError(name)
'''
    report = analyze_source(source, "files_server.py", Config())
    lines = source.splitlines()
    where = {t.name: lines[t.line - 1][t.col - 1 :] for t in report.tools}
    assert where == {
        "read_file": '"read_file", "head_file"):',
        "head_file": '"head_file"):',
        "stat_file": '"stat_file" | "size_file":',
        "size_file": '"size_file":',
    }
