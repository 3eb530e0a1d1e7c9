"""`toolargs fix` writes only what it was given, and leaves what it cannot judge alone.

tests/test_fix_files.py covers file-level safety (encodings, line endings, permissions,
a symlinked file); these are the project-level cases: modules read for a schema, folders
reached through a symlink, and files the input guard refuses.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

TIMEOUT = 120

# A FastMCP server that drops unknown keys (TAV501): fix applies enforce_policy to it.
FIXABLE = textwrap.dedent(
    '''\
    from mcp.server.fastmcp import FastMCP

    from .schemas import SEARCH_SCHEMA

    mcp = FastMCP("notes")


    @mcp.tool(input_schema=SEARCH_SCHEMA, annotations={"readOnlyHint": True})
    def search_notes(arguments: dict) -> dict:
        """Search notes."""
        query = arguments.get("query", "")
        return {"results": [query]}
    '''
)
SCHEMAS = 'SEARCH_SCHEMA = {"type": "object", "properties": {"query": {"type": "string"}}}\n'


def fix(cwd: Path, *paths: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolargs", "fix", *paths],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def package(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "schemas.py").write_text(SCHEMAS, encoding="utf-8")
    (root / "server.py").write_text(FIXABLE, encoding="utf-8")
    (root / "other.py").write_text(FIXABLE.replace('"notes"', '"other"'), encoding="utf-8")
    return root


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(p.relative_to(root)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_only_the_named_file_is_written(tmp_path: Path) -> None:
    pkg = package(tmp_path / "pkg")
    before = snapshot(tmp_path)
    result = fix(tmp_path, "pkg/server.py")
    assert "Traceback" not in result.stderr
    after = snapshot(tmp_path)
    assert after["pkg/server.py"][0] != before["pkg/server.py"][0], result.stdout
    assert "enforce_policy(mcp)" in (pkg / "server.py").read_text(encoding="utf-8")
    del after["pkg/server.py"], before["pkg/server.py"]
    assert after == before  # the schema module it read and the sibling it was not given


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_a_symlinked_folder_leading_outside_is_not_written(tmp_path: Path) -> None:
    outside = package(tmp_path / "outside")
    project = tmp_path / "project"
    project.mkdir()
    (project / "linked").symlink_to(outside, target_is_directory=True)
    before = snapshot(outside)
    result = fix(project, ".")
    assert "Traceback" not in result.stderr
    assert snapshot(outside) == before


@pytest.mark.parametrize(
    "name, data",
    [
        ("deep.py", FIXABLE.encode() + b"y = " + b" and ".join([b"x"] * 10_000) + b"\n"),
        ("undecodable.py", FIXABLE.encode() + b"x = '\xff'\n"),
        ("broken.py", FIXABLE.encode() + b"def broken(:\n"),
    ],
)
def test_a_file_that_cannot_be_judged_is_left_byte_for_byte(
    tmp_path: Path, name: str, data: bytes
) -> None:
    pkg = package(tmp_path / "pkg")
    (pkg / name).write_bytes(data)
    result = fix(tmp_path, f"pkg/{name}", "pkg/server.py")
    assert "Traceback" not in result.stderr
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert f"pkg/{name}" in result.stdout + result.stderr
    assert (pkg / name).read_bytes() == data
    assert "enforce_policy(mcp)" in (pkg / "server.py").read_text(encoding="utf-8")
