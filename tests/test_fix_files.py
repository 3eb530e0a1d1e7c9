"""`toolargs fix` on files: bytes kept, nothing written without a fix, the real CLI.

The command runs as a user runs it (`python -m toolargs fix ...` in a subprocess) for
the diff, the summary and the exit codes; file-level guarantees are checked through
`fix_paths` directly.
"""

from __future__ import annotations

import codecs
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolargs.config import load_config_file
from toolargs.fixer import fix_paths

GOLDEN = Path(__file__).parent / "fix_golden"
# A project that applies the policy in each handler (its setup.cfg says so).
PROJECT = GOLDEN / "handler" / "setup.cfg"
INPUT = GOLDEN / "handler" / "tav101_wiki_search.py"
EXPECTED = GOLDEN / "handler" / "tav101_wiki_search.expected.py"
REPORTED = GOLDEN / "reported_not_mechanical.py"


def golden(path: Path) -> bytes:
    return path.read_bytes()


def fix(*paths: Path, diff: bool = False, roots: list[Path] | None = None) -> tuple[int, str]:
    out = io.StringIO()
    config = load_config_file(PROJECT)
    summary = fix_paths(list(paths), config, diff=diff, roots=roots, out=out, err=out)
    return summary.exit_code, out.getvalue()


def run_cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    (cwd / "setup.cfg").write_bytes(PROJECT.read_bytes())
    env = {k: v for k, v in os.environ.items() if not k.startswith("TOOLARGS")}
    return subprocess.run(
        [sys.executable, "-m", "toolargs", "fix", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


# --- bytes on disk ---


def test_fixed_file_is_written_and_reported(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    target.write_bytes(golden(INPUT))
    code, out = fix(target, roots=[tmp_path])
    assert target.read_bytes() == golden(EXPECTED)
    assert code == 0
    assert out.endswith("fixed 2 findings in 1 file; none left that need a person\n")
    assert f"{target}:40:5: fixed TAV101 (search_pages)" in out


def test_a_file_with_nothing_to_fix_is_not_even_rewritten(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    target.write_bytes(golden(EXPECTED))
    os.utime(target, ns=(1_000_000_000, 1_000_000_000))
    before = target.stat()
    code, out = fix(target, roots=[tmp_path])
    after = target.stat()
    assert code == 0
    assert target.read_bytes() == golden(EXPECTED)
    assert (after.st_mtime_ns, after.st_ino) == (before.st_mtime_ns, before.st_ino)
    assert "fixed 0 findings in 0 files" in out


def test_crlf_line_endings_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    target.write_bytes(golden(INPUT).replace(b"\n", b"\r\n"))
    fix(target, roots=[tmp_path])
    assert target.read_bytes() == golden(EXPECTED).replace(b"\n", b"\r\n")


def test_a_byte_order_mark_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    target.write_bytes(codecs.BOM_UTF8 + golden(INPUT))
    fix(target, roots=[tmp_path])
    assert target.read_bytes() == codecs.BOM_UTF8 + golden(EXPECTED)


def test_a_declared_encoding_is_kept(tmp_path: Path) -> None:
    cookie = "# -*- coding: latin-1 -*-\n# Auteur : Hélène\n"
    target = tmp_path / "server.py"
    target.write_bytes(cookie.encode("latin-1") + golden(INPUT))
    fix(target, roots=[tmp_path])
    assert target.read_bytes() == cookie.encode("latin-1") + golden(EXPECTED)


def test_permissions_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    target.write_bytes(golden(INPUT))
    target.chmod(0o640)
    fix(target, roots=[tmp_path])
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["server.py"]  # no temporary left behind


def test_a_symlink_leading_outside_the_paths_is_skipped(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere" / "server.py"
    outside.parent.mkdir()
    outside.write_bytes(golden(INPUT))
    project = tmp_path / "project"
    project.mkdir()
    link = project / "server.py"
    link.symlink_to(outside)
    code, out = fix(link, roots=[project])
    assert outside.read_bytes() == golden(INPUT)
    assert link.is_symlink()
    assert code == 2
    assert "outside the paths given" in out


def test_a_symlink_inside_the_paths_fixes_its_target(tmp_path: Path) -> None:
    real = tmp_path / "src" / "server.py"
    real.parent.mkdir()
    real.write_bytes(golden(INPUT))
    link = tmp_path / "server_link.py"
    link.symlink_to(real)
    code, _ = fix(link, roots=[tmp_path])
    assert code == 0
    assert link.is_symlink()
    assert real.read_bytes() == golden(EXPECTED)


def test_findings_left_for_a_person_make_exit_1_with_why(tmp_path: Path) -> None:
    target = tmp_path / "snippets.py"
    target.write_bytes(golden(REPORTED))
    code, out = fix(target, roots=[tmp_path])
    assert code == 1
    assert target.read_bytes() == golden(REPORTED)
    assert "not fixed: the branch of 'list_snippets' leaves its response" in out
    assert out.endswith("fixed 0 findings in 0 files; 4 findings need a person\n")


# --- the real command ---


def test_cli_diff_prints_a_patch_and_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    target.write_bytes(golden(INPUT))
    done = run_cli(tmp_path, "--diff", "server.py")
    assert done.returncode == 1, done.stderr
    assert target.read_bytes() == golden(INPUT)
    assert done.stdout.startswith("--- server.py\n+++ server.py\n@@ ")
    added = "+    unknown = collect_unknown_args(arguments, SEARCH_PAGES_KNOWN_ARGS)\n"
    assert added in done.stdout
    assert "would fix 2 findings in 1 file" in done.stderr
    # The diff is a real patch: applied, it gives exactly what `fix` writes.
    patch = subprocess.run(
        ["patch", "-p0", "--quiet"], cwd=tmp_path, input=done.stdout, text=True,
        capture_output=True,
    )
    if patch.returncode == 127:  # pragma: no cover - no patch(1) on this machine
        pytest.skip("patch is not installed")
    assert patch.returncode == 0, patch.stderr
    assert target.read_bytes() == golden(EXPECTED)


def test_cli_fix_writes_then_a_second_run_finds_nothing(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    target = tmp_path / "pkg" / "server.py"
    target.write_bytes(golden(INPUT))
    first = run_cli(tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.endswith("fixed 2 findings in 1 file; none left that need a person\n")
    assert target.read_bytes() == golden(EXPECTED)
    second = run_cli(tmp_path, "--diff")
    assert second.returncode == 0
    assert second.stdout == ""
    assert target.read_bytes() == golden(EXPECTED)


def test_cli_select_limits_the_fixes(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    target.write_bytes(golden(INPUT))
    done = run_cli(tmp_path, "--select", "TAV3", "server.py")
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() == golden(INPUT)
    assert "fixed 0 findings in 0 files" in done.stdout


def test_cli_unparsable_file_is_exit_2_and_untouched(tmp_path: Path) -> None:
    target = tmp_path / "server.py"
    broken = golden(INPUT) + b"\ndef oops(:\n"
    target.write_bytes(broken)
    done = run_cli(tmp_path, "server.py")
    assert done.returncode == 2
    assert target.read_bytes() == broken
    assert "cannot parse" in done.stdout


# --- one server, tools in several modules ---

APP = '''\
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("notes")
'''
TOOL_MODULE = '''\
from .app import mcp


@mcp.tool(annotations={{"readOnlyHint": True}})
def {name}(query: str, max_results: int = 10) -> dict:
    """Search notes."""
    return {{"results": [query][:max_results]}}
'''


def test_an_imported_server_gets_enforce_policy_once_where_it_is_built(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "app.py").write_text(APP, encoding="utf-8")
    tools = [pkg / f"{name}.py" for name in ("search", "lookup", "recent")]
    for path in tools:
        path.write_text(TOOL_MODULE.format(name=f"{path.stem}_notes"), encoding="utf-8")
    code, out = fix(*sorted(pkg.glob("*.py")), roots=[tmp_path])
    assert code == 0, out
    assert (pkg / "app.py").read_text(encoding="utf-8") == (
        "from mcp.server.fastmcp import FastMCP\n"
        "from toolargs.runtime import enforce_policy\n\n"
        'mcp = FastMCP("notes")\n'
        "enforce_policy(mcp)\n"
    )
    for path in tools:
        assert "enforce_policy" not in path.read_text(encoding="utf-8")
    # The tool modules' findings are said to be fixed where the edit is.
    fixed_lines = [line for line in out.splitlines() if ": fixed " in line]
    assert fixed_lines and all(
        line.endswith(f", by enforce_policy in {pkg / 'app.py'}")
        for line in fixed_lines
        if not line.startswith(str(pkg / "app.py"))
    ), out
    assert "add toolargs to the server's dependencies" in out
    assert "none left that need a person" in out
    code, out = fix(*sorted(pkg.glob("*.py")), roots=[tmp_path])
    assert (code, "fixed 0 findings in 0 files") == (0, out.splitlines()[-1].split(";")[0])
