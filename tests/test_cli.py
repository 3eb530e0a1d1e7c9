"""`toolargs check` on real files, with real exit codes.

The basics run as users run them, in a real process (`toolargs_run`): the version, a clean
run in each format, the text format, --jobs and the progress line on a terminal. The rest
(formats, excludes, configuration, `fix`, and the matrices of options, `# noqa` forms and
usage errors) call the CLI's entry point in this process instead (`toolargs_call`): the
same exit code, standard output and standard error, without starting a process each time.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import toolargs
from toolargs.cli import main

jsonschema = pytest.importorskip("jsonschema")

SARIF_SCHEMA = json.loads(
    (Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text("utf-8")
)

# A read-only tool that never collects unknown args: TAV101.
SEARCH_SERVER = '''\
from mcp.server.fastmcp import FastMCP  # not imported by the checker, never executed
server = Server("demo")
SEARCH_SCHEMA = {"type": "object", "properties": {"query": {"type": "string"}}}
@server.tool(name="search", input_schema=SEARCH_SCHEMA)
def search(arguments: dict) -> dict:
    return {"hits": engine.hits(arguments["query"])}  # engine: unknown, so nothing decides the mode
'''

# The same, plus a mutation tool (by its name) that never rejects unknown args: TAV201.
TWO_TOOL_SERVER = SEARCH_SERVER + '''\
DELETE_SCHEMA = {"type": "object", "properties": {"path": {"type": "string"}}}
@server.tool(name="delete_lines", input_schema=DELETE_SCHEMA)
def delete_lines(arguments: dict) -> dict:
    open(arguments["path"], "w").close()
    return {"deleted": True}
'''

NO_TOOLS = "def helper(x: int) -> int:\n    return x + 1\n"


def toolargs_run(*args: str, cwd: Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolargs", *args],
        cwd=cwd, capture_output=True, text=True, timeout=300, **kwargs,
    )


def toolargs_call(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`toolargs ARGS` in `cwd`, through `main` in this process."""
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def findings(result: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    document: list[dict[str, Any]] = json.loads(result.stdout)
    return document


def codes(result: subprocess.CompletedProcess[str]) -> list[tuple[str, str]]:
    """(code, tool name quoted in the message) pairs, to compare runs by meaning."""
    pairs = []
    for item in findings(result):
        named = re.search(r"'([^']+)'", item["message"])
        pairs.append((item["code"], named.group(1) if named else ""))
    return pairs


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A folder with its own pyproject.toml, so no configuration above it leaks in."""
    write(tmp_path, "pyproject.toml", '[project]\nname = "demo"\n')
    return tmp_path


# --- Basics: version, help, usage errors. ---


def test_version(project: Path) -> None:
    result = toolargs_run("--version", cwd=project)
    assert result.returncode == 0
    assert result.stdout.strip() == f"toolargs {toolargs.__version__}"


@pytest.mark.parametrize("command", ["check", "audit", "fix"])
def test_each_command_has_help(project: Path, command: str) -> None:
    result = toolargs_call(command, "--help", cwd=project)
    assert result.returncode == 0
    assert "exit codes:" in result.stdout
    assert "--select" in result.stdout and "--exclude" in result.stdout


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((), "required"),
        (("check", "--format", "xml"), "invalid choice"),
        (("audit", "--format", "github"), "invalid choice"),
        (("check", "--jobs", "0"), "at least 1"),
        (("check", "--jobs", "many"), "number of processes"),
        (("check", "--select", "TAB101"), "matches no toolargs code"),
        (("check", "--ignore", "TAV1,XX"), "'XX' matches no toolargs code"),
        (("check", "missing.py"), "missing.py: no such file"),
    ],
)
def test_usage_errors_exit_2_with_one_message(
    project: Path, args: tuple[str, ...], expected: str
) -> None:
    result = toolargs_call(*args, cwd=project)
    assert result.returncode == 2
    assert expected in result.stderr
    assert result.stdout == ""
    no_traceback(result)


# --- Exit codes and formats. ---


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_a_clean_run_exits_0(project: Path, fmt: str) -> None:
    write(project, "helpers.py", NO_TOOLS)
    result = toolargs_run("check", "--format", fmt, ".", cwd=project)
    assert (result.returncode, result.stderr) == (0, "")
    if fmt == "json":
        assert json.loads(result.stdout) == []
    elif fmt == "sarif":
        assert json.loads(result.stdout)["runs"][0]["results"] == []
    else:
        assert result.stdout == ""


def test_text_format_is_flake8_style(project: Path) -> None:
    write(project, "server.py", SEARCH_SERVER)
    result = toolargs_run("check", "server.py", cwd=project)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines and all(re.match(r"^server\.py:\d+:\d+: TAV\d{3} ", line) for line in lines)
    assert any(line.split(": ", 1)[1].startswith("TAV101 ") and "'search'" in line
               for line in lines)


def test_json_format_shape(project: Path) -> None:
    write(project, "server.py", SEARCH_SERVER)
    result = toolargs_call("check", "--format", "json", ".", cwd=project)
    assert result.returncode == 1, result.stderr
    items = findings(result)
    assert items
    line_count = len(SEARCH_SERVER.splitlines())
    for item in items:
        assert set(item) == {"path", "line", "col", "code", "message"}
        assert item["path"] == "server.py"
        assert 1 <= item["line"] <= line_count and item["col"] >= 1
        assert item["message"].startswith(item["code"] + " ")
    assert ("TAV101", "search") in codes(result)


def test_sarif_format_validates_and_is_repository_relative(project: Path) -> None:
    write(project, "src/app/server.py", SEARCH_SERVER)
    result = toolargs_call("check", "--format", "sarif", "src", cwd=project)
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    validator = jsonschema.Draft4Validator(SARIF_SCHEMA)
    assert not list(validator.iter_errors(document))
    run = document["runs"][0]
    rule_ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    results = run["results"]
    assert any(r["ruleId"] == "TAV101" for r in results)
    for r in results:
        assert r["ruleId"] in rule_ids
        location = r["locations"][0]["physicalLocation"]
        assert location["artifactLocation"] == {
            "uri": "src/app/server.py", "uriBaseId": "%SRCROOT%"
        }
        assert location["region"]["startLine"] >= 1 and location["region"]["startColumn"] >= 1


def test_github_format_annotates_each_finding(project: Path) -> None:
    write(project, "pkg/server.py", SEARCH_SERVER)
    as_json = findings(toolargs_call("check", "--format", "json", ".", cwd=project))
    result = toolargs_call("check", "--format", "github", ".", cwd=project)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(as_json) > 0
    for line, item in zip(lines, as_json):
        prefix = (f"file=pkg/server.py,line={item['line']},col={item['col']},"
                  f"title={item['code']}::")
        assert re.match(r"^::(error|warning|notice) ", line)
        assert prefix in line


# --- # noqa, --select, --ignore. ---


@pytest.fixture(scope="module")
def search_finding_line(tmp_path_factory: pytest.TempPathFactory) -> int:
    """The line TAV101 is reported on for SEARCH_SERVER, where a `# noqa` must go."""
    folder = tmp_path_factory.mktemp("noqa")
    write(folder, "server.py", SEARCH_SERVER)
    result = toolargs_call("check", "--format", "json", "server.py", cwd=folder)
    lines = [item["line"] for item in findings(result) if item["code"] == "TAV101"]
    assert lines, f"no TAV101 to silence: {result.stdout} {result.stderr}"
    return int(lines[0])


@pytest.mark.parametrize(
    ("comment", "silenced"),
    [
        ("# noqa", True),
        ("# NOQA", True),
        ("# noqa: TAV101", True),
        ("# noqa:TAV101,TAV102", True),
        ("# noqa: TAV102, TAV101", True),
        ("# noqa: TAV1", True),
        ("# noqa: TAV2", False),
        ("# noqa: TAV102", False),
        ("# noqa: E501", False),
    ],
)
def test_noqa(project: Path, search_finding_line: int, comment: str, silenced: bool) -> None:
    lines = SEARCH_SERVER.splitlines()
    lines[search_finding_line - 1] += "  " + comment
    path = project / "server.py"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = toolargs_call("check", "--format", "json", "server.py", cwd=project)
    assert (("TAV101", "search") not in codes(result)) is silenced


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ((), {"TAV101", "TAV201"}),
        (("--select", "TAV2"), {"TAV201"}),
        (("--select", "TAV1,TAV2"), {"TAV101", "TAV201"}),
        (("--select", "TAV101", "--select", "TAV201"), {"TAV101", "TAV201"}),
        (("--ignore", "TAV101"), {"TAV201"}),
        (("--select", "TAV1", "--ignore", "TAV101"), set()),
        (("--select", "TAV", "--ignore", "TAV1"), {"TAV201"}),
        (("--select", "TAV101", "--ignore", "TAV1"), {"TAV101"}),
    ],
)
def test_select_and_ignore_by_prefix(
    project: Path, options: tuple[str, ...], expected: set[str]
) -> None:
    write(project, "server.py", TWO_TOOL_SERVER)
    result = toolargs_call("check", "--format", "json", *options, "server.py", cwd=project)
    reported = {code for code, _ in codes(result)}
    # Other codes may fire on this server too; these two must follow the selection.
    assert reported & {"TAV101", "TAV201"} == expected
    assert result.returncode == (1 if reported else 0)


def test_tav402_only_when_selected(project: Path) -> None:
    write(project, "server.py", SEARCH_SERVER)
    default = toolargs_call("check", "--format", "json", "server.py", cwd=project)
    assert "TAV402" not in {code for code, _ in codes(default)}
    for option in ("TAV402", "TAV4"):
        chosen = toolargs_call("check", "--format", "json", "--select", option, "server.py",
                               cwd=project)
        assert codes(chosen) == [("TAV402", "search")]
    # `TAV` means the usual codes, as under flake8: the family must be named.
    everything = toolargs_call("check", "--format", "json", "--select", "TAV", "server.py",
                               cwd=project)
    assert ("TAV101", "search") in codes(everything)
    assert "TAV402" not in {code for code, _ in codes(everything)}


# --- Files: folders, excludes, unreadable input. ---

# Unparsable, and worth parsing: files that cannot define a tool are never parsed.
BROKEN = "@server.tool()\ndef broken(:\n    pass\n"


def test_excludes(project: Path) -> None:
    write(project, "app/helpers.py", NO_TOOLS)
    for folder in (".venv/lib", "build", "node_modules/x", "app/generated"):
        write(project, f"{folder}/broken.py", BROKEN)
    # Unparsable files exit 2: only those not excluded may be read.
    result = toolargs_call("check", "--extend-exclude", "generated", ".", cwd=project)
    assert (result.returncode, result.stderr) == (0, "")
    result = toolargs_call("check", ".", cwd=project)
    assert result.returncode == 2
    assert [line.split(":")[0] for line in result.stderr.splitlines()] == [
        "app/generated/broken.py"
    ]
    # --exclude replaces the defaults; a pattern with a slash is anchored to the folder.
    result = toolargs_call("check", "--exclude", "./app/generated,.venv", ".", cwd=project)
    reported = sorted(line.split(":")[0] for line in result.stderr.splitlines())
    assert reported == ["build/broken.py", "node_modules/x/broken.py"]


def test_unreadable_and_unparsable_files_exit_2_with_one_line_each(project: Path) -> None:
    write(project, "a_broken.py", BROKEN)
    (project / "b_latin1.py").write_bytes(b"name = '\xe9t\xe9'\n")
    write(project, "c_helpers.py", NO_TOOLS)
    result = toolargs_call("check", "--format", "json", ".", cwd=project)
    assert result.returncode == 2
    errors = result.stderr.splitlines()
    assert [line.split(":")[0] for line in errors] == ["a_broken.py", "b_latin1.py"]
    assert json.loads(result.stdout) == []
    no_traceback(result)


def test_findings_are_still_reported_next_to_unparsable_files(project: Path) -> None:
    write(project, "a_broken.py", BROKEN)
    write(project, "server.py", SEARCH_SERVER)
    result = toolargs_call("check", "--format", "json", ".", cwd=project)
    assert result.returncode == 2
    assert ("TAV101", "search") in codes(result)


# --- Processes. ---


def test_jobs_2_gives_the_same_output_as_jobs_1(project: Path) -> None:
    for index in range(8):
        body = TWO_TOOL_SERVER.replace('"search"', f'"search_{index}"')
        write(project, f"pkg{index % 3}/server_{index}.py", body)
    write(project, "pkg0/broken.py", BROKEN)
    one = toolargs_run("check", "--format", "json", "--jobs", "1", ".", cwd=project)
    two = toolargs_run("check", "--format", "json", "--jobs", "2", ".", cwd=project)
    assert (one.returncode, one.stdout, one.stderr) == (two.returncode, two.stdout, two.stderr)
    items = findings(one)
    assert len({item["path"] for item in items}) == 8
    keys = [(i["path"], i["line"], i["col"], i["code"]) for i in items]
    assert keys == sorted(keys)


def test_progress_shows_on_a_terminal_and_never_in_a_pipe(project: Path) -> None:
    pty = pytest.importorskip("pty")
    for index in range(60):
        write(project, f"pkg/module_{index:02}.py", NO_TOOLS)
    piped = toolargs_run("check", ".", cwd=project)
    assert (piped.returncode, piped.stdout, piped.stderr) == (0, "", "")

    controller, terminal = pty.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "toolargs", "check", "."],
            cwd=project, stdout=subprocess.PIPE, stderr=terminal, text=True,
        )
        os.close(terminal)
        stdout, _ = process.communicate(timeout=300)
        shown = b""
        while True:
            try:
                chunk = os.read(controller, 4096)
            except OSError:  # the terminal side is closed: all read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(controller)
    assert process.returncode == 0 and stdout == ""
    assert b"toolargs: 60/60 files" in shown


# --- Configuration. ---


@pytest.mark.parametrize(
    ("table", "named"),
    [
        ("bogus-key = 1", "bogus-key"),
        ('default-mode = "sometimes"', "default-mode"),
        ("mutation-tools = 3", "mutation-tools"),
    ],
)
def test_bad_configuration_names_the_key(tmp_path: Path, table: str, named: str) -> None:
    write(tmp_path, "pyproject.toml", f"[tool.toolargs]\n{table}\n")
    write(tmp_path, "src/helpers.py", NO_TOOLS)
    # Found from the checked folder upward.
    result = toolargs_call("check", ".", cwd=tmp_path / "src")
    assert result.returncode == 2
    assert named in result.stderr and "pyproject.toml" in result.stderr
    assert len(result.stderr.splitlines()) == 1
    no_traceback(result)


def test_config_option_points_elsewhere(project: Path) -> None:
    write(project, "helpers.py", NO_TOOLS)
    write(project, "ci/toolargs.toml", "[tool.toolargs]\nnot-an-option = true\n")
    result = toolargs_call("check", "--config", "ci/toolargs.toml", ".", cwd=project)
    assert result.returncode == 2
    assert "not-an-option" in result.stderr and "toolargs.toml" in result.stderr
    missing = toolargs_call("check", "--config", "nowhere.toml", ".", cwd=project)
    assert missing.returncode == 2 and "nowhere.toml" in missing.stderr
    write(project, "ci/broken.toml", "[tool.toolargs\n")
    broken = toolargs_call("check", "--config", "ci/broken.toml", ".", cwd=project)
    assert broken.returncode == 2 and "not valid TOML" in broken.stderr
    no_traceback(broken)


def test_a_missing_schema_file_is_reported_once(project: Path) -> None:
    write(project, "pyproject.toml", '[tool.toolargs]\nschema-files = ["tools.json"]\n')
    for index in range(3):
        write(project, f"server_{index}.py", SEARCH_SERVER)
    result = toolargs_run("check", "--jobs", "2", ".", cwd=project)
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("toolargs: error: ") and "tools.json" in line
    no_traceback(result)


def test_configuration_changes_the_findings(project: Path) -> None:
    write(project, "server.py", SEARCH_SERVER)
    write(project, "strict.toml", '[tool.toolargs]\nmutation-tools = ["search"]\n')
    default = toolargs_call("check", "--format", "json", "server.py", cwd=project)
    configured = toolargs_call("check", "--format", "json", "--config", "strict.toml",
                               "server.py", cwd=project)
    assert ("TAV101", "search") in codes(default)
    assert ("TAV201", "search") in codes(configured)
    assert ("TAV101", "search") not in codes(configured)


# --- In-process: the last-resort error line and the fix wiring. ---


def test_an_unexpected_error_is_one_line_and_exit_2(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire\nsecond line")

    # `toolargs.cli.main` names the function; the module is reached through sys.modules.
    monkeypatch.setattr(sys.modules["toolargs.cli.main"], "analyze_files", explode)
    write(project, "helpers.py", NO_TOOLS)
    assert main(["check", str(project / "helpers.py")]) == 2
    err = capsys.readouterr().err
    assert err == "toolargs: internal error: RuntimeError: disk on fire second line\n"


def test_fix_calls_the_fixer_with_files_and_options(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[dict[str, Any]] = []

    def fix_paths(paths: list[Path], config: object, **options: object) -> object:
        calls.append({"paths": paths, "config": config, **options})
        return types.SimpleNamespace(exit_code=1)

    fixer = types.ModuleType("toolargs.fixer")
    fixer.fix_paths = fix_paths  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "toolargs.fixer", fixer)
    monkeypatch.chdir(project)
    write(project, "pkg/server.py", SEARCH_SERVER)
    write(project, "build/copy.py", SEARCH_SERVER)
    assert main(["fix", "--diff", "--select", "TAV3", "--ignore", "TAV305", "."]) == 1
    (call,) = calls
    assert call["paths"] == [Path("pkg/server.py")]
    assert call["diff"] is True
    assert call["select"] == ("TAV3",) and call["ignore"] == ("TAV305",)


def test_fix_through_the_command(project: Path) -> None:
    path = write(project, "server.py", TWO_TOOL_SERVER)
    preview = toolargs_call("fix", "--diff", "server.py", cwd=project)
    assert preview.returncode == 1, preview.stderr
    assert preview.stdout.startswith("--- ")
    assert "+    unknown = collect_unknown_args(" in preview.stdout
    assert path.read_text(encoding="utf-8") == TWO_TOOL_SERVER
    fixed = toolargs_call("fix", "server.py", cwd=project)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    after = toolargs_call("check", "--format", "json", "server.py", cwd=project)
    assert {"TAV101", "TAV201"}.isdisjoint(code for code, _ in codes(after))
