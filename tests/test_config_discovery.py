"""Configuration is found from the checked paths, not the current folder, as ruff and black do.

The same check run from inside the project and from outside it reads the same file and
gives the same verdicts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolargs.cli import main
from toolargs.config import (
    ConfigError,
    common_folder,
    config_for_paths,
    find_config_file,
    find_project_root,
)

# No annotation: `wipe_cache` is a mutation only because the project's configuration
# says so; with the defaults it would be read-only. Its handler neither rejects nor
# collects unknown keys, so the verdict names the mode: TAV201 as a mutation, TAV101
# as a read-only tool.
SERVER = '''\
from .registry import tool

WIPE_SCHEMA = {"type": "object", "properties": {"scope": {"type": "string"}}}


@tool(name="wipe_cache", input_schema=WIPE_SCHEMA)
def wipe_cache(arguments: dict) -> dict:
    return {"scope": arguments.get("scope")}
'''

PYPROJECT = '''\
[project]
name = "notes"

[tool.toolargs]
mutation-tools = ["wipe_*"]
'''

SETUP_CFG = '''\
[flake8]
max-line-length = 100
toolargs-mutation-tools = wipe_*
'''


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "work" / "notes"
    write(root / "pyproject.toml", PYPROJECT)
    write(root / "src" / "notes" / "server.py", SERVER)
    return root


def audit(cwd: Path, *args: str, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    monkeypatch.chdir(cwd)
    code = main(["audit", "--format", "json", "--jobs", "1", *args])
    out = capsys.readouterr().out
    return code, json.loads(out)


def verdicts(report: dict[str, object]) -> list[tuple[str, str, list[str]]]:
    tools = report["tools"]
    assert isinstance(tools, list)
    return [(t["name"], t["mode"], t["findings"]) for t in tools]


def test_same_verdicts_from_inside_and_outside_the_project(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    inside = audit(project, "src", monkeypatch=monkeypatch, capsys=capsys)
    outside = audit(
        project.parent.parent, "work/notes/src", monkeypatch=monkeypatch, capsys=capsys
    )
    elsewhere = audit(
        project / "src" / "notes", ".", monkeypatch=monkeypatch, capsys=capsys
    )
    assert verdicts(inside[1]) == [("wipe_cache", "mutation", ["TAV201"])]
    assert verdicts(outside[1]) == verdicts(inside[1]) == verdicts(elsewhere[1])
    assert inside[0] == outside[0] == elsewhere[0] == 1


def test_without_the_configuration_the_verdict_differs(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The control: the configuration really decides the verdict above.
    (project / "pyproject.toml").unlink()
    _, report = audit(project, "src", monkeypatch=monkeypatch, capsys=capsys)
    assert verdicts(report) == [("wipe_cache", "read-only", ["TAV101"])]


def test_a_pyproject_in_the_current_folder_does_not_apply_to_other_paths(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    other = tmp_path / "other"
    write(other / "server.py", SERVER)
    _, report = audit(project, str(other), monkeypatch=monkeypatch, capsys=capsys)
    assert verdicts(report) == [("wipe_cache", "read-only", ["TAV101"])]


def test_config_option_names_the_file(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    other = tmp_path / "other"
    write(other / "server.py", SERVER)
    _, report = audit(
        tmp_path, "other", "--config", str(project / "pyproject.toml"),
        monkeypatch=monkeypatch, capsys=capsys,
    )
    assert verdicts(report) == [("wipe_cache", "mutation", ["TAV201"])]


@pytest.mark.parametrize("name", ["setup.cfg", "tox.ini", ".flake8"])
def test_flake8_section_configures_the_command(
    name: str, project: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (project / "pyproject.toml").write_text('[project]\nname = "notes"\n', encoding="utf-8")
    write(project / name, SETUP_CFG)
    _, report = audit(project.parent, "notes/src", monkeypatch=monkeypatch, capsys=capsys)
    assert verdicts(report) == [("wipe_cache", "mutation", ["TAV201"])]
    assert find_config_file(project / "src") == project / name


def test_config_option_reads_an_ini_file(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (project / "pyproject.toml").unlink()
    ini = write(tmp_path / "lint" / "setup.cfg", SETUP_CFG)
    _, report = audit(
        project, "src", "--config", str(ini), monkeypatch=monkeypatch, capsys=capsys
    )
    assert verdicts(report) == [("wipe_cache", "mutation", ["TAV201"])]


def test_nearest_file_that_configures_toolargs_wins(project: Path) -> None:
    # A sub-package's pyproject.toml without [tool.toolargs] is passed over...
    write(project / "src" / "notes" / "pyproject.toml", '[project]\nname = "inner"\n')
    assert find_config_file(project / "src" / "notes") == project / "pyproject.toml"
    # ...but the project root is still the nearest project.
    assert find_project_root(project / "src" / "notes") == project / "src" / "notes"
    # One with the table is the nearest configuration.
    write(project / "src" / "notes" / "pyproject.toml", "[tool.toolargs]\naliases = []\n")
    assert find_config_file(project / "src" / "notes") == (
        project / "src" / "notes" / "pyproject.toml"
    )
    # Within a folder, pyproject.toml comes before the INI files.
    write(project / "setup.cfg", SETUP_CFG)
    assert find_config_file(project / "src") == project / "pyproject.toml"


def test_common_folder_of_files_and_folders(project: Path) -> None:
    server = project / "src" / "notes" / "server.py"
    assert common_folder([str(server)]) == server.parent
    assert common_folder([str(server), str(project / "src")]) == project / "src"
    found = config_for_paths([str(server)])
    assert found.path == project / "pyproject.toml"
    assert found.project_root == project
    assert found.config.mutation_tools == ("wipe_*",)
    assert found.config.root == project


def test_project_root_without_configuration(tmp_path: Path) -> None:
    root = tmp_path / "bare"
    write(root / "setup.py", "")
    write(root / "pkg" / "server.py", SERVER)
    found = config_for_paths([str(root / "pkg")])
    assert found.path is None
    assert found.project_root == root
    assert found.config.root == root  # relative schema files resolve from the project


def test_unknown_flake8_key_names_the_file(tmp_path: Path) -> None:
    write(tmp_path / "setup.cfg", "[flake8]\ntoolargs-mutation-tool = x\n")
    with pytest.raises(ConfigError, match=r"setup\.cfg \[flake8\]: unknown key "
                                          r"'toolargs-mutation-tool'"):
        config_for_paths([str(tmp_path)])


def test_malformed_ini_names_the_file(tmp_path: Path) -> None:
    write(tmp_path / "tox.ini", "[flake8\ntoolargs-aliases = limit\n")
    with pytest.raises(ConfigError, match=r"tox\.ini: not a valid INI file"):
        config_for_paths([str(tmp_path)])
