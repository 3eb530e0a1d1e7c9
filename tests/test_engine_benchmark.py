"""The engine micro-benchmark (benchmarks/engine): every case's exact answer, both ways.

Each case is a small package with one value flow and its expected tools (name, server
construction, handler def, mode where the case is about annotations) and unresolved values
written beside it. A tool found but not expected fails as loudly as one missed. The cases
the current engine gets wrong are listed in benchmarks/engine/baseline-failures.txt and
are xfail(strict=True): one the engine comes to get right fails until it leaves the list.

The CLI runs in this process (toolargs.cli.main), as tests/test_cli_audit.py does.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "benchmarks" / "engine" / "run.py"


def _load_runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_benchmark", RUNNER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


bench = _load_runner()
CASES = bench.load_cases()
BASELINE = bench.load_baseline()


def _param(case: Any) -> Any:
    why = BASELINE.get(case.id)
    marks = [pytest.mark.xfail(strict=True, reason=why)] if why is not None else []
    return pytest.param(case, id=case.id, marks=marks)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("engine-cases")


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_case(case: Any, scratch: Path) -> None:
    result = bench.run_case(case, scratch, in_process=True)
    assert result.right, result.why()


# --- the benchmark itself stays what its README says ---

CATEGORIES = {
    "frameworks", "lowlevel", "containers", "calls", "decorators", "attributes", "names",
    "imports", "annotations", "negatives", "bounds", "handwritten",
}


def test_size_and_categories() -> None:
    assert len(CASES) >= 110
    by_category: dict[str, int] = {}
    for case in CASES:
        by_category[case.category] = by_category.get(case.category, 0) + 1
    assert set(by_category) == CATEGORIES
    assert min(by_category.values()) >= 6, by_category


def test_baseline_names_only_cases_that_exist() -> None:
    ids = {case.id for case in CASES}
    assert not set(BASELINE) - ids, "stale entries in baseline-failures.txt"
    assert all(BASELINE.values()), "every baseline entry says what is wrong"


LOCATION = re.compile(r"^[\w./-]+\.py:[1-9][0-9]*$")


def _line_at(case: Any, location: str) -> str:
    path, _, number = location.rpartition(":")
    lines = (case.folder / path).read_text(encoding="utf-8").splitlines()
    assert int(number) <= len(lines), f"{location} is past the end of {path}"
    return lines[int(number) - 1]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_expectation_is_well_formed(case: Any) -> None:
    """Locations exist and point at what they name (a call for a server, a def for a
    handler); programs are valid Python; one case, one flow."""
    document = bench.tomllib.loads((case.folder / bench.EXPECTED).read_text("utf-8"))
    assert set(document) <= {"flow", "broadens", "tool", "unresolved"}
    assert document["flow"].strip() and "\n" not in document["flow"]
    if case.category == "bounds":
        assert document.get("broadens"), "a bounds case says what broadens"
    for tool in case.tools:
        assert tool.mode in (None, "read-only", "mutation")
        assert LOCATION.match(tool.handler), tool
        line = _line_at(case, tool.handler)  # a `def`, or a table's `"name": lambda ...`
        assert re.match(r"\s*(async\s+)?def\s", line) or "lambda" in line, tool
        if tool.server:
            assert LOCATION.match(tool.server), tool
            assert "(" in _line_at(case, tool.server), tool
    for code, at in case.unresolved:
        assert re.fullmatch(r"TAV9\d\d", code) and LOCATION.match(at), (code, at)
    for source in case.folder.rglob("*.py"):
        compile(source.read_text("utf-8"), str(source), "exec")


def test_audit_json_names_server_and_handler(scratch: Path) -> None:
    """The fields the benchmark reads: `server` ({name, path, line, framework}) and
    `handler_def` ({path, line}) of each tool in `toolargs audit --format json`."""
    (case,) = [c for c in CASES if c.id == "frameworks/001_sdk1_decorator_called"]
    target = scratch / "json-fields"
    target.mkdir()
    (target / "notes").mkdir()
    for source in case.folder.joinpath("notes").iterdir():
        (target / "notes" / source.name).write_text(source.read_text("utf-8"), "utf-8")
    audit, _ = bench.run_toolargs(target, in_process=True)
    row = next(t for t in audit["tools"] if t["name"] == "search_notes")
    assert row["server"] == {
        "name": "mcp", "path": "notes/server.py", "line": 3, "framework": "mcp-fastmcp"
    }
    assert row["handler_def"] == {"path": "notes/server.py", "line": 8}
    json.dumps(audit)  # plain JSON all through
