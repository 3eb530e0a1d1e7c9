"""The pre-commit hooks, run as pre-commit runs them: the hook's entry, then file names."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOOKS_FILE = ROOT / ".pre-commit-hooks.yaml"

# Read-only tool that never collects unknown args (TAV101).
FAILING = '''\
server = Server("demo")
SEARCH_SCHEMA = {"type": "object", "properties": {"query": {"type": "string"}}}
@server.tool(name="search", input_schema=SEARCH_SCHEMA)
def search(arguments: dict) -> dict:
    return {"hits": []}
'''
CLEAN = "def helper(x: int) -> int:\n    return x + 1\n"


def scalar(text: str) -> object:
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        return [scalar(item) for item in text[1:-1].split(",") if item.strip()]
    if text in ("true", "false"):
        return text == "true"
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def read_hooks(text: str) -> list[dict[str, object]]:
    """The subset of YAML the hooks file uses: a list of flat mappings, flow lists."""
    hooks: list[dict[str, object]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith("- "):
            hooks.append({})
            line = line[2:]
        assert hooks and line.startswith(("  ", "id:")), f"unexpected YAML: {line!r}"
        key, _, value = line.strip().partition(":")
        hooks[-1][key] = scalar(value)
    return hooks


HOOKS = read_hooks(HOOKS_FILE.read_text(encoding="utf-8"))


def test_the_tiny_reader_agrees_with_pyyaml() -> None:
    yaml = pytest.importorskip("yaml")
    assert yaml.safe_load(HOOKS_FILE.read_text(encoding="utf-8")) == HOOKS


def test_hooks_are_declared_for_check_and_audit() -> None:
    assert [hook["id"] for hook in HOOKS] == ["toolargs-check", "toolargs-audit"]
    for hook in HOOKS:
        assert hook["language"] == "python"
        assert hook["types"] == ["python"]
        assert hook["require_serial"] is True
        assert hook["name"] and hook["description"]


def entry_command(hook: dict[str, object]) -> list[str]:
    """The hook's entry with its program resolved in this environment, as pre-commit does."""
    program, *rest = shlex.split(str(hook["entry"]))
    found = shutil.which(program, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip(f"the {program} console script is not installed next to {sys.executable}")
    return [found, *rest]


@pytest.mark.parametrize("hook", HOOKS, ids=lambda hook: str(hook["id"]))
def test_each_hook_passes_clean_files_and_fails_a_violation(
    hook: dict[str, object], tmp_path: Path
) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n', encoding="utf-8")
    (tmp_path / "helpers.py").write_text(CLEAN, encoding="utf-8")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "server.py").write_text(FAILING, encoding="utf-8")
    command = entry_command(hook)

    def run(*files: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*command, *files], cwd=tmp_path, capture_output=True,
                              text=True, timeout=300)

    clean = run("helpers.py")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    failing = run("helpers.py", "pkg/server.py")
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "search" in failing.stdout and "TAV101" in failing.stdout
