"""docs/frameworks.md stays true: its servers run on the installed SDK and answer as shown."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("mcp")

from sdk_client import MAJOR, call  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "frameworks.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


@pytest.fixture(autouse=True)
def lenient_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLARGS_STRICT_ARGS", raising=False)


def example(first_line: str) -> str:
    for code in BLOCK.findall(DOC.read_text(encoding="utf-8")):
        if code.startswith(first_line):
            return str(code)
    raise AssertionError(f"docs/frameworks.md has no example starting {first_line!r}")


def load(code: str, name: str, tmp_path: Path) -> ModuleType:
    """Import the example as a module of its own (its `__main__` part does not run)."""
    path = tmp_path / f"{name}.py"
    path.write_text(code, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def framework_example() -> str:
    code = example("# notes_fastmcp.py")
    if MAJOR == 2:
        # Apply the two lines the page gives for mcp 2.x.
        v2 = example("from mcp.server.mcpserver import MCPServer")
        import_line, _, server_line = v2.strip().partition("\n\n")
        code = code.replace("from mcp.server.fastmcp import FastMCP", import_line)
        code = code.replace('mcp = enforce_policy(FastMCP("notes"))', server_line)
        assert "mcp.server.fastmcp" not in code and "FastMCP(" not in code
    return code


def lowlevel_example() -> str:
    return example("# notes_lowlevel.py" if MAJOR == 1 else "# notes_lowlevel2.py")


def server_of(module: ModuleType) -> Any:
    return module.mcp if hasattr(module, "mcp") else module.server


@pytest.mark.parametrize("kind", ["framework", "lowlevel"])
def test_documented_server_answers_as_shown(kind: str, tmp_path: Path) -> None:
    code = framework_example() if kind == "framework" else lowlevel_example()
    module = load(code, f"notes_{kind}", tmp_path)
    server = server_of(module)

    reply = call(server, "search_notes", {"query": "g", "limit": 1, "banana": 1})
    assert reply.structured == {"hits": ["garden"], "total": 3, "unknown_args": ["banana"]}

    reply = call(server, "search_notes", {"query": "g", "max_results": 2, "limit": 99})
    assert reply.structured == {"hits": ["garden", "groceries"], "total": 3}

    arguments = {"old_name": "gym", "new_name": "fitness", "dry_run": True}
    reply = call(server, "rename_note", arguments)
    assert reply.is_error and "unknown arg: dry_run" in reply.text
    assert "gym" in module.NOTES and "fitness" not in module.NOTES

    reply = call(server, "rename_note", {"old_name": "gym", "new_name": "fitness"})
    assert not reply.is_error
    assert "fitness" in module.NOTES and "gym" not in module.NOTES


def test_documented_server_without_enforcement_drops_keys(tmp_path: Path) -> None:
    """The page's 'without enforce_policy' column."""
    code = framework_example().replace("enforce_policy(", "(")
    module = load(code, "notes_plain", tmp_path)
    server = server_of(module)

    reply = call(server, "search_notes", {"query": "g", "limit": 1, "banana": 1})
    assert reply.structured == {"hits": ["garden", "groceries", "gym"], "total": 3}

    reply = call(server, "rename_note", {"old_name": "gym", "new_name": "fitness", "dry_run": 1})
    assert not reply.is_error
    assert "fitness" in module.NOTES


def test_documented_lowlevel_server_without_enforcement(tmp_path: Path) -> None:
    """The low-level table's 'without enforce_policy' column: 1.x validates the closed
    schema and refuses the read-only call; 2.x hands every key over; the mutation runs."""
    code = lowlevel_example().replace("enforce_policy(", "(")
    module = load(code, "notes_lowlevel_plain", tmp_path)
    server = server_of(module)

    reply = call(server, "search_notes", {"query": "g", "limit": 1, "banana": 1})
    if MAJOR == 1:
        assert reply.is_error
        assert reply.text.startswith("Input validation error: Additional properties")
    else:
        assert reply.structured == {"hits": ["garden", "groceries", "gym"], "total": 3}

    reply = call(server, "rename_note", {"old_name": "gym", "new_name": "fitness", "dry_run": 1})
    assert not reply.is_error
    assert "fitness" in module.NOTES
