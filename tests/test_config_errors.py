"""Configuration mistakes through the CLI: one line naming the file and the key, exit 2.

Each case writes a project (a pyproject.toml, maybe schema files, one server) into a
temporary folder and runs `toolargs check` there, as a user would, through the CLI's
entry point in this process (test_cli.py runs the command as a separate process): the
same exit code, standard output and standard error, without a process start per case.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from toolargs.cli import main

TIMEOUT = 120

# A dict-style tool with no schema in the code: the schema file has to provide it.
SERVER = textwrap.dedent(
    """\
    from mcp.server.fastmcp import FastMCP
    from toolargs.runtime import collect_unknown_args, enforce_policy, with_unknown_args

    mcp = FastMCP("notes")
    enforce_policy(mcp)
    KNOWN_ARGS = ("query",)


    @mcp.tool(annotations={"readOnlyHint": True})
    def search_notes(arguments: dict) -> dict:
        unknown = collect_unknown_args(arguments, KNOWN_ARGS)
        return with_unknown_args({"results": []}, unknown)
    """
)
SCHEMA = {"tools": [{"name": "search_notes", "inputSchema": {"properties": {"query": {}}}}]}


def check(project: Path) -> subprocess.CompletedProcess[str]:
    """`toolargs check server.py` run in `project`."""
    argv = ["check", "server.py"]
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(project)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def project(tmp_path: Path, table: str, files: dict[str, str | bytes] | None = None) -> Path:
    (tmp_path / "pyproject.toml").write_text(table, encoding="utf-8")
    (tmp_path / "server.py").write_text(SERVER, encoding="utf-8")
    for name, content in (files or {}).items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
    return tmp_path


def assert_one_clear_error(result: subprocess.CompletedProcess[str], *named: str) -> str:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in named:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def test_the_valid_project_is_clean(tmp_path: Path) -> None:
    """The baseline every case below breaks in one place."""
    schema = json.dumps(SCHEMA)
    table = '[tool.toolargs]\nschema-files = ["tools.json"]\n'
    result = check(project(tmp_path, table, {"tools.json": schema}))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@pytest.mark.parametrize(
    "table, key",
    [
        ("[tool.toolargs]\ndefault-mode = 3\n", "default-mode"),
        ('[tool.toolargs]\ndefault-mode = "lenient"\n', "default-mode"),
        ("[tool.toolargs]\naliases = 3\n", "aliases"),
        ("[tool.toolargs]\nmutation-tools = [1, 2]\n", "mutation-tools"),
        ('[tool.toolargs]\nschema-files = {file = "x"}\n', "schema-files"),
        ("[tool.toolargs]\nmutation_tools = []\n", "mutation_tools"),  # snake case: unknown
        ('[tool.toolargs]\nunknown-key = "x"\n', "unknown-key"),
    ],
)
def test_bad_values_and_unknown_keys_name_the_file_and_the_key(
    tmp_path: Path, table: str, key: str
) -> None:
    line = assert_one_clear_error(check(project(tmp_path, table)), "pyproject.toml", key)
    assert line.startswith("toolargs: error:")


def test_a_comma_list_string_is_a_list(tmp_path: Path) -> None:
    table = '[tool.toolargs]\naliases = "limit, top_k"\nmutation-tools = "delete_*"\n'
    result = check(project(tmp_path, table))
    assert result.returncode in (0, 1) and result.stderr == "", result.stderr


@pytest.mark.parametrize(
    "table",
    [
        "[tool.toolargs\n",  # not TOML
        'tool.toolargs = "not a table"\n',
        "[tool]\ntoolargs = 3\n",
    ],
)
def test_malformed_pyproject_names_the_file(tmp_path: Path, table: str) -> None:
    assert_one_clear_error(check(project(tmp_path, table)), "pyproject.toml")


def test_undecodable_pyproject_names_the_file(tmp_path: Path) -> None:
    root = project(tmp_path, "")
    (root / "pyproject.toml").write_bytes(b"[tool.toolargs]\naliases = '\xff'\n")
    assert_one_clear_error(check(root), "pyproject.toml")


def test_a_pyproject_without_the_table_gives_the_defaults(tmp_path: Path) -> None:
    result = check(project(tmp_path, '[project]\nname = "notes"\n'))
    assert result.returncode in (0, 1) and result.stderr == "", result.stderr


def test_missing_config_file_named_on_the_command_line(tmp_path: Path) -> None:
    root = project(tmp_path, "")
    result = subprocess.run(
        [sys.executable, "-m", "toolargs", "check", "--config", "nowhere.toml", "server.py"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert_one_clear_error(result, "nowhere.toml")


SCHEMA_TABLE = '[tool.toolargs]\nschema-files = ["{name}"]\n'


@pytest.mark.parametrize(
    "name, content",
    [
        ("missing.json", None),
        ("tools.json", "{not json"),
        ("tools.json", '{"tools": {"search_notes": {}}}'),  # tools must be a list
        ("tools.json", '{"tools": [{"inputSchema": {}}]}'),  # a tool without a name
        ("tools.json", '{"tools": [{"name": "search_notes", "inputSchema": []}]}'),
        ("tools.json", b'{"tools": [{"name": "\xff"}]}'),  # not UTF-8
        ("tools.toml", "[[tool]\nname = 1\n"),  # not TOML
        ("tools.toml", "[[tool]]\nname = 1\n"),  # name not a string
        ("folder.json", "directory"),
    ],
)
def test_unusable_schema_files_name_the_file(
    tmp_path: Path, name: str, content: str | bytes | None
) -> None:
    files: dict[str, str | bytes] = {}
    if content == "directory":
        (tmp_path / name).mkdir()
    elif content is not None:
        files[name] = content
    root = project(tmp_path, SCHEMA_TABLE.format(name=name), files)
    assert_one_clear_error(check(root), name)


def test_schema_files_are_read_as_data_never_run(tmp_path: Path) -> None:
    """A schema file is parsed with json/tomllib: Python in it is just a malformed file."""
    marker = tmp_path / "executed"
    payload = f"__import__('pathlib').Path({str(marker)!r}).touch()\n"
    root = project(tmp_path, SCHEMA_TABLE.format(name="tools.json"), {"tools.json": payload})
    assert_one_clear_error(check(root), "tools.json")
    assert not marker.exists()
