"""Which files `toolargs check` looks at: folders walked for *.py, flake8-style excludes."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolargs.files import DEFAULT_EXCLUDES, PathError, find_files, normalize_patterns


def touch(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n", encoding="utf-8")


def found(root: Path, paths: list[str], patterns: tuple[str, ...]) -> list[str]:
    return [p.as_posix() for p in find_files(paths, patterns)]


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    touch(
        tmp_path,
        "pkg/server.py",
        "pkg/tools/search.py",
        "pkg/gen/generated.py",
        "pkg/notes.txt",
        "scripts/run",
        ".venv/lib/site.py",
        "venv/lib/site.py",
        "env311/lib/site.py",
        "build/lib/copy.py",
        ".git/hooks/hook.py",
        "pkg/__pycache__/cached.py",
        "dist/thing.egg/x.py",
    )
    (tmp_path / "env311" / "pyvenv.cfg").write_text("home = /usr\n", encoding="utf-8")
    return tmp_path


def test_defaults_skip_vcs_virtualenv_and_build_folders(tree: Path) -> None:
    patterns = normalize_patterns(DEFAULT_EXCLUDES, tree)
    assert found(tree, ["."], patterns) == [
        "pkg/gen/generated.py",
        "pkg/server.py",
        "pkg/tools/search.py",
    ]


def test_exclude_globs_match_base_names_and_anchored_paths(tree: Path) -> None:
    by_name = normalize_patterns([*DEFAULT_EXCLUDES, "gen", "search.*"], tree)
    assert found(tree, ["."], by_name) == ["pkg/server.py"]
    anchored = normalize_patterns([*DEFAULT_EXCLUDES, "./pkg/gen"], tree)
    assert found(tree, ["pkg"], anchored) == ["pkg/server.py", "pkg/tools/search.py"]


def test_explicit_files_are_checked_whatever_their_suffix_unless_excluded(tree: Path) -> None:
    patterns = normalize_patterns(DEFAULT_EXCLUDES, tree)
    assert found(tree, ["scripts/run", "pkg/server.py", "./pkg/server.py"], patterns) == [
        "pkg/server.py",
        "scripts/run",
    ]
    assert found(tree, [".venv/lib/site.py"], patterns) == []


def test_replacing_the_defaults_walks_everything(tree: Path) -> None:
    everything = found(tree, ["."], ())
    assert ".venv/lib/site.py" in everything and "build/lib/copy.py" in everything
    # A folder with pyvenv.cfg is a virtualenv under any name, and never walked.
    assert "env311/lib/site.py" not in everything


def test_a_missing_path_is_an_error(tree: Path) -> None:
    with pytest.raises(PathError, match="nope.py"):
        find_files(["nope.py"], ())


def test_explicit_files_in_excluded_folders_are_skipped_only_below_the_repository(
    tree: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    patterns = normalize_patterns([*DEFAULT_EXCLUDES, "gen"], tree)
    inside = [str(tree / "build/lib/copy.py"), "pkg/gen/generated.py", "env311/lib/site.py"]
    assert find_files(inside, patterns) == []
    outside = tmp_path_factory.mktemp("build") / "build" / "srv.py"
    outside.parent.mkdir()
    outside.write_text("x = 1\n", encoding="utf-8")
    assert find_files([str(outside)], patterns) == [outside]


# --- No silent nothing: a path with nothing to check says so on stderr. ---


def test_folder_without_python_files_warns(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# docs\n", encoding="utf-8")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "server.py").write_text("x = 1\n", encoding="utf-8")
    warnings: list[str] = []
    found = find_files(
        [str(tmp_path / "docs"), str(tmp_path / "src")], (), warn=warnings.append
    )
    assert found == [tmp_path / "src" / "server.py"]
    assert warnings == [f"{tmp_path / 'docs'}: no Python file to check in this folder"]


def test_folder_of_excluded_files_only_warns(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "build").mkdir(parents=True)
    (tmp_path / "pkg" / "build" / "gen.py").write_text("x = 1\n", encoding="utf-8")
    warnings: list[str] = []
    patterns = normalize_patterns(DEFAULT_EXCLUDES)
    assert find_files([str(tmp_path / "pkg")], patterns, warn=warnings.append) == []
    assert len(warnings) == 1 and "pkg: no Python file" in warnings[0]


def test_a_named_non_python_file_warns_and_is_still_checked(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("hello\n", encoding="utf-8")
    warnings: list[str] = []
    assert find_files([str(notes)], (), warn=warnings.append) == [notes]
    assert warnings == [f"{notes}: not a Python file (*.py); checked as Python anyway"]


def test_a_python_script_without_the_suffix_does_not_warn(tmp_path: Path) -> None:
    script = tmp_path / "serve"
    script.write_text("#!/usr/bin/env python3\nx = 1\n", encoding="utf-8")
    warnings: list[str] = []
    assert find_files([str(script)], (), warn=warnings.append) == [script]
    assert warnings == []


def test_a_folder_already_covered_does_not_warn(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "server.py").write_text("x = 1\n", encoding="utf-8")
    warnings: list[str] = []
    find_files([str(tmp_path), str(tmp_path / "src")], (), warn=warnings.append)
    assert warnings == []


def test_check_warns_on_stderr_once_per_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolargs.cli import main

    (tmp_path / "empty").mkdir()
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--jobs", "1", "empty"]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "toolargs: warning: empty: no Python file to check in this folder\n"
