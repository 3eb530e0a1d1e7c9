"""Formatters, fed hand-made findings and tool reports: shapes, escaping, SARIF validity."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from toolargs.analysis import analyze_source
from toolargs.codes import CODES
from toolargs.config import Config, Mode
from toolargs.model import Diagnostic, ToolReport
from toolargs.output.audit import Audit, AuditRow, audit_order
from toolargs.output.github import annotation, escape_data, escape_property, format_github
from toolargs.output.json import audit_json, check_json
from toolargs.output.markdown import audit_markdown
from toolargs.output.rule_docs import HOMEPAGE, generic_message, help_uri
from toolargs.output.sarif import audit_sarif, check_sarif
from toolargs.output.table import audit_table
from toolargs.output.text import format_text

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent
SARIF_SCHEMA = json.loads((ROOT / "tests/data/sarif-schema-2.1.0.json").read_text("utf-8"))


def validate_sarif(text: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(text)
    validator = jsonschema.Draft4Validator(
        SARIF_SCHEMA, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER
    )
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)
    return document


def diagnostic(path: str, line: int, code: str, tool: str | None = "search") -> Diagnostic:
    return Diagnostic(path, line, 5, code, f"{code} tool '{tool}' needs a fix", tool)


def tool(name: str, mode: Mode, findings: tuple[str, ...], path: str = "srv.py",
         line: int = 3, strict: bool = False) -> ToolReport:
    return ToolReport(
        name=name, mode=mode, mode_source="name pattern", shape="decorator", path=path,
        line=line, col=1, handler=name, schema_source="constant SCHEMA", known_args="ok",
        strict=strict, findings=findings,
    )


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- check: text, JSON, GitHub. ---


def test_text_is_flake8_style_and_adds_a_missing_code_prefix() -> None:
    found = [
        diagnostic("a.py", 3, "TAV101"),
        Diagnostic("b.py", 7, 2, "TAV201", "mutation tool 'x' never rejects", "x"),
    ]
    assert format_text(found).splitlines() == [
        "a.py:3:5: TAV101 tool 'search' needs a fix",
        "b.py:7:2: TAV201 mutation tool 'x' never rejects",
    ]


def test_check_json_is_a_list_of_findings_with_one_based_positions() -> None:
    found = [diagnostic("a.py", 1, "TAV101")]
    document = json.loads(check_json(found))
    assert document == [
        {"path": "a.py", "line": 1, "col": 5, "code": "TAV101",
         "message": "TAV101 tool 'search' needs a fix"}
    ]
    assert json.loads(check_json([])) == []


@pytest.mark.parametrize(
    ("raw", "data", "prop"),
    [
        ("100%", "100%25", "100%25"),
        ("a\r\nb", "a%0D%0Ab", "a%0D%0Ab"),
        ("x: y, z", "x: y, z", "x%3A y%2C z"),
        ("%0A", "%250A", "%250A"),
    ],
)
def test_github_escaping(raw: str, data: str, prop: str) -> None:
    assert escape_data(raw) == data
    assert escape_property(raw) == prop


def test_github_annotation_carries_file_position_title_and_escaped_message(in_tmp: Path) -> None:
    found = Diagnostic(
        str(in_tmp / "pkg" / "a,b.py"), 4, 9, "TAV101", "TAV101 50% off:\nnext", "search"
    )
    line = annotation(found)
    assert line == "::error file=pkg/a%2Cb.py,line=4,col=9,title=TAV101::50%25 off:%0Anext"
    assert format_github([found, found]).count("\n") == 2


def test_github_uses_notice_for_a_default_off_code() -> None:
    assert annotation(diagnostic("a.py", 1, "TAV402")).startswith("::notice ")


# --- SARIF. ---


def test_check_sarif_validates_and_has_what_code_scanning_needs(in_tmp: Path) -> None:
    found = [
        diagnostic(str(in_tmp / "src" / "my server.py"), 12, "TAV101"),
        diagnostic("src/other.py", 3, "TAV201", tool="delete_lines"),
    ]
    document = validate_sarif(check_sarif(found, ["bad.py:1:1: cannot parse"]))
    assert document["version"] == "2.1.0"
    assert document["$schema"].endswith("sarif-schema-2.1.0.json")
    run = document["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "toolargs"
    assert driver["version"] and driver["informationUri"] == HOMEPAGE
    rules = driver["rules"]
    assert [r["id"] for r in rules] == list(CODES)
    for entry in rules:
        code = CODES[entry["id"]]
        assert entry["name"] == code.name
        assert entry["shortDescription"]["text"] == code.title
        assert entry["helpUri"] == help_uri(code.code)
        assert entry["help"]["text"] and entry["help"]["markdown"]
        assert entry["defaultConfiguration"]["level"] in ("error", "warning", "note")
    first, second = run["results"]
    assert first["ruleId"] == "TAV101"
    assert rules[first["ruleIndex"]]["id"] == "TAV101"
    assert first["message"]["text"] == "tool 'search' needs a fix"
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "src/my%20server.py", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 12, "startColumn": 5}
    assert second["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "src/other.py"
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"].endswith("/")
    invocation = run["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert invocation["toolExecutionNotifications"][0]["message"]["text"].startswith("bad.py")


def test_sarif_outside_the_repository_uses_an_absolute_file_uri(
    in_tmp: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "srv.py"
    document = validate_sarif(check_sarif([diagnostic(str(elsewhere), 1, "TAV101")]))
    location = document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": elsewhere.as_uri()}


def test_clean_sarif_is_valid_and_successful(in_tmp: Path) -> None:
    run = validate_sarif(check_sarif([]))["runs"][0]
    assert run["results"] == []
    assert run["invocations"][0]["executionSuccessful"] is True


def test_rule_texts_render_every_placeholder() -> None:
    for code in CODES:
        text = generic_message(code)
        assert "{" not in text and "}" not in text, code
        assert "<ies>" not in text and "<es>" not in text and "<them>" not in text, code


def test_homepage_matches_the_project_metadata() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["urls"]["Homepage"] == HOMEPAGE


def test_every_help_uri_points_at_a_rule_page() -> None:
    # helpUri points at the rule's page on the project's home page.
    prefix = f"{HOMEPAGE}/blob/main/"
    missing = [
        code for code in CODES
        if not help_uri(code).startswith(prefix)
        or not (ROOT / help_uri(code)[len(prefix):]).is_file()
    ]
    assert not missing, f"no documentation page for {missing}"


# --- audit. ---


def sample_audit() -> Audit:
    rows = [
        AuditRow(tool("search", "read-only", ("TAV101",)), ("TAV101",)),
        AuditRow(tool("list_files", "read-only", (), line=20), ()),
        AuditRow(tool("delete_lines", "mutation", ("TAV201",), line=30), ("TAV201",)),
        AuditRow(tool("rename_symbol", "mutation", (), line=40, strict=True), (),
                 suppressed=()),
        AuditRow(tool("move|symbol", "mutation", ("TAV202",), line=50, strict=True), (),
                 suppressed=("TAV202",)),
    ]
    diagnostics = (
        Diagnostic("srv.py", 3, 1, "TAV101", "TAV101 read-only tool 'search' ignores", "search"),
    )
    return Audit(rows=tuple(sorted(rows, key=audit_order)), diagnostics=diagnostics)


def test_audit_order_puts_mutation_tools_first() -> None:
    modes = [row.tool.mode for row in sample_audit().rows]
    assert modes == sorted(modes, key=lambda mode: mode != "mutation")
    assert modes.count("mutation") == 3


def test_audit_summary_counts_what_the_rows_say() -> None:
    summary = sample_audit().summary
    assert summary.as_dict() == {
        "tools": 5, "read_only": 2, "read_only_conform": 1, "mutation": 3,
        "mutation_strict": 2, "mutation_conform": 2, "nonconforming": 2,
    }
    assert summary.line() == (
        "5 tools: 2 read-only, 1 conform; 3 mutation, 2 strict; 2 do not conform"
    )


def test_audit_json_shape() -> None:
    document = json.loads(audit_json(sample_audit()))
    assert set(document) == {"tools", "summary"}
    required = {"name", "mode", "mode_source", "path", "line", "schema_source",
                "known_args", "conforms", "findings"}
    for row in document["tools"]:
        assert required <= set(row)
        assert row["mode"] in ("read-only", "mutation")
        assert row["conforms"] is (row["findings"] == [])
    by_name = {row["name"]: row for row in document["tools"]}
    assert by_name["search"]["findings"] == ["TAV101"]
    assert by_name["move|symbol"]["suppressed"] == ["TAV202"]
    assert document["summary"]["tools"] == 5


def test_audit_table_lists_every_tool_and_ends_with_the_summary() -> None:
    audit = sample_audit()
    lines = audit_table(audit).splitlines()
    assert lines[0].split()[:3] == ["TOOL", "MODE", "WHY"]
    assert lines[-1] == audit.summary.line()
    body = lines[1:1 + len(audit.rows)]
    assert [line.split()[0] for line in body] == [row.tool.name for row in audit.rows]
    assert "FAILS TAV201" in body[0]


def test_audit_markdown_is_a_pull_request_comment() -> None:
    audit = sample_audit()
    text = audit_markdown(audit)
    assert audit.summary.line() in text
    assert text.index("Mutation tools") < text.index("Read-only tools")
    table_rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert len(table_rows) == len(audit.rows)
    assert "`move\\|symbol`" in text  # a pipe would split the cell
    assert f"[TAV201]({help_uri('TAV201')})" in text
    for line in table_rows:  # every row has the header's seven cells
        assert line.replace("\\|", "").count("|") == 8


def test_audit_sarif_places_each_finding_at_its_tool(in_tmp: Path) -> None:
    document = validate_sarif(audit_sarif(sample_audit()))
    run = document["runs"][0]
    results = {(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]):
               r["message"]["text"] for r in run["results"]}
    assert set(results) == {("TAV101", 3), ("TAV201", 30)}
    assert "read-only tool 'search' ignores" in results[("TAV101", 3)]
    assert "'delete_lines'" in results[("TAV201", 30)]
    assert run["properties"]["audit"]["summary"]["tools"] == 5


def test_a_name_computed_at_run_time_is_said_to_be_unread() -> None:
    """`mcp.tool(name=lambda_name)(invoke)`: the tool is reported under its handler's
    name, which the framework does not list, and says so (`name_unread` in the JSON)."""
    source = (
        "import os\n\nfrom mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('lambdas')\n\n\n"
        "def register(function_name: str) -> None:\n"
        "    async def invoke(payload: dict) -> str:\n"
        "        \"\"\"Invoke the function.\"\"\"\n        return function_name\n\n"
        "    mcp.tool(name=function_name.replace('-', '_'))(invoke)\n\n\n"
        "for name in os.environ.get('FUNCTIONS', '').split(','):\n    register(name)\n"
    )
    report = analyze_source(source, "server.py", Config())
    assert [(t.name, t.name_unread) for t in report.tools] == [("invoke", True)]
    clean = analyze_source(
        source.replace("name=function_name.replace('-', '_')", "name='invoke_all'"),
        "server.py", Config(),
    )
    assert [(t.name, t.name_unread) for t in clean.tools] == [("invoke_all", False)]
