"""Discovery on hostile shapes: cycles, deep wrapper chains, huge literals, missing
modules. Each run ends, finds what is there and invents nothing."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from toolargs.analysis import analyze_path
from toolargs.config import Config
from toolargs.flow.engine import Engine


def _write(tmp_path: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def _tools(tmp_path: Path, files: dict[str, str], target: str) -> list[tuple[str, str]]:
    _write(tmp_path, files)
    report = analyze_path(tmp_path / target, Config())
    assert report.error is None, report.error
    assert not [d for d in report.diagnostics if d.code == "TAV999"], report.diagnostics
    return sorted((t.name, t.shape) for t in report.tools)


def test_mutually_recursive_wrappers_end_without_a_tool(tmp_path: Path) -> None:
    source = """
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("x")

        def first(fn):
            return second(fn)

        def second(fn):
            return first(fn)

        def search(query: str) -> str:
            return query

        first(search)
    """
    assert _tools(tmp_path, {"server.py": source}, "server.py") == []


def _chain(depth: int) -> str:
    lines = [
        "from mcp.server.fastmcp import FastMCP",
        "mcp = FastMCP('x')",
        "def wrap0(fn):",
        "    mcp.tool()(fn)",
        "    return fn",
    ]
    for level in range(1, depth + 1):
        lines += [f"def wrap{level}(fn):", f"    return wrap{level - 1}(fn)"]
    lines += ["def search(query: str) -> str:", "    return query", f"wrap{depth}(search)"]
    return "\n".join(lines) + "\n"


def test_a_short_wrapper_chain_registers(tmp_path: Path) -> None:
    assert _tools(tmp_path, {"server.py": _chain(5)}, "server.py") == [("search", "imperative")]


def test_a_deep_wrapper_chain_is_bounded(tmp_path: Path) -> None:
    # A chain of 300 wrappers is followed (each round reaches further); one of 1,000 spends
    # the package's evaluation budget first: no tool, and no hang.
    found = _tools(tmp_path, {"server.py": _chain(300)}, "server.py")
    assert [name for name, _ in found] == ["search"]
    deeper = tmp_path / "deeper"
    deeper.mkdir()
    assert _tools(deeper, {"server.py": _chain(1000)}, "server.py") == []


def test_a_huge_comprehension_registry_is_read_once(tmp_path: Path) -> None:
    names = ", ".join(f'"op{i}"' for i in range(3000))
    methods = "\n".join(f"    def op{i}(self, args): return args" for i in range(3000))
    source = f"class Ops:\n{methods}\n\nOPS = Ops()\nNAMES = ({names})\n"
    source += "TOOL_HANDLERS = {name: getattr(OPS, name) for name in NAMES}\n"
    found = _tools(tmp_path, {"server.py": source}, "server.py")
    assert len(found) == 3000 and found[0] == ("op0", "registry")


def test_unresolvable_imports_register_nothing(tmp_path: Path) -> None:
    source = """
        from .missing import register, TOOL_TABLE
        from elsewhere import tool_decorator

        def search(query: str) -> str:
            return query

        register(search)
        tool_decorator(name="search")(search)
        TOOLS = {**TOOL_TABLE}
    """
    assert _tools(tmp_path, {"pkg/__init__.py": "", "pkg/server.py": source}, "pkg/server.py") == []


def test_import_cycles_with_star_imports_end(tmp_path: Path) -> None:
    cycle = "from .{0} import *\nfrom . import {0}\ndef register(f):\n    return {0}.register(f)\n"
    files = {
        "pkg/__init__.py": "from .a import *\nfrom .b import *\n",
        "pkg/a.py": cycle.format("b"),
        "pkg/b.py": cycle.format("a"),
        "pkg/server.py": (
            "from mcp.server.fastmcp import FastMCP\nfrom . import register\n"
            "mcp = FastMCP('x')\n\ndef search(query: str) -> str:\n    return query\n\n"
            "register(search)\n@mcp.tool()\ndef fetch(url: str) -> str:\n    return url\n"
        ),
    }
    assert _tools(tmp_path, files, "pkg/server.py") == [("fetch", "decorator")]


def test_a_registration_of_something_unknown_is_reported_not_skipped(tmp_path: Path) -> None:
    source = """
        from mcp.server.fastmcp import FastMCP
        from plugins import make_handler

        mcp = FastMCP("x")
        mcp.tool(name="lookup")(make_handler("lookup"))
    """
    for name, text in {"server.py": source}.items():
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    report = analyze_path(tmp_path / "server.py", Config())
    assert [t.name for t in report.tools] == ["lookup"]
    unresolved = [d for d in report.diagnostics if d.code == "TAV902"]
    assert unresolved and "make_handler" in unresolved[0].message


def _engine(tmp_path: Path, files: dict[str, str]) -> Engine:
    _write(tmp_path, files)
    engine = Engine(sorted(tmp_path.rglob("*.py")), tmp_path)
    engine.run()
    return engine


def _nested_loops(levels: int, width: int) -> str:
    """Helpers that each loop over `width` names and call the next helper per name:
    `levels` deep, the shape of a linter's own rule tables walked by rule helpers."""
    names = ", ".join(f'"n{i}"' for i in range(width))
    lines = [
        "from mcp.server.fastmcp import FastMCP",
        "mcp = FastMCP('x')",
        f"NAMES = [{names}]",
        f"def level{levels}(name):",
        "    return name",
    ]
    for level in range(levels - 1, -1, -1):
        lines += [
            f"def level{level}(name):",
            "    for other in NAMES:",
            f"        level{level + 1}(other)",
        ]
    lines += ["@mcp.tool()", "def search(query: str) -> str:", "    return query", "level0('x')"]
    return "\n".join(lines) + "\n"


def test_loops_per_element_through_calls_do_not_multiply(tmp_path: Path) -> None:
    # Each helper's loop runs once per name, and each call in it is told apart by that
    # name alone: a helper is evaluated once per (call site, name) of its caller, not
    # once per path of names through every caller (width ** levels).
    engine = _engine(tmp_path, {"server.py": _nested_loops(levels=5, width=20)})
    assert engine.work < 20_000, engine.work
    assert "the package's evaluation budget" not in engine.broadened
    assert [r.role for r in engine.registrations.values()] == ["tool"]


def test_past_the_work_budget_the_analysis_ends_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What the module registers before the budget is spent stays found; the rest is
    # left out, never a hang, and `broadened` names the budget.
    monkeypatch.setattr("toolargs.flow.engine.MAX_WORK", 500)
    engine = _engine(tmp_path, {"server.py": _nested_loops(levels=6, width=60)})
    assert engine.work < 2_000, engine.work
    assert "the package's evaluation budget" in engine.broadened
    assert [r.role for r in engine.registrations.values()] == ["tool"]


def _merged_schemas(variants: int, keys: int) -> str:
    """A schema helper that copies one of `variants` dicts of `keys` keys and merges
    another into it: one `base.update(out)` statement merges every pair of the two
    sets of dicts, re-adding every key's values, however few statements run."""
    def literal(i: int) -> str:
        return "{" + ", ".join(f"'k{j}': {i}" for j in range(keys)) + "}"

    rows = "\n".join(f"    if kind == {i}:\n        out = {literal(i)}" for i in range(variants))
    return (
        "import os\n"
        "from mcp.server.fastmcp import FastMCP\n"
        "mcp = FastMCP('x')\n"
        "def schema(kind):\n"
        f"{rows}\n"
        "    return out\n"
        "def merged(kind, other):\n"
        "    base = schema(kind)\n"
        "    base.update(schema(other))\n"
        "    return base\n"
        "@mcp.tool(description=str(merged(os.environ['A'], os.environ['B'])))\n"
        "def lookup(query: str) -> str:\n"
        "    return query\n"
    )


def test_past_the_values_budget_one_statement_stops_adding_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # MAX_WORK counts statements; a statement merging big containers counts one however
    # many values it re-adds. MAX_MOVED counts those values: past it nothing more is
    # added, the rounds end, and what was found before stays found.
    monkeypatch.setattr("toolargs.flow.engine.MAX_MOVED", 2_000)
    engine = _engine(tmp_path, {"server.py": _merged_schemas(variants=40, keys=30)})
    assert engine.moved <= 2_000 + 40 * 30, engine.moved
    assert "the package's evaluation budget" in engine.broadened
    assert [r.role for r in engine.registrations.values()] == ["tool"]


def test_merging_containers_within_the_values_budget_is_not_cut(tmp_path: Path) -> None:
    engine = _engine(tmp_path, {"server.py": _merged_schemas(variants=40, keys=30)})
    assert "the package's evaluation budget" not in engine.broadened
    assert [r.role for r in engine.registrations.values()] == ["tool"]


def test_a_slice_of_many_texts_by_many_offsets_is_bounded(tmp_path: Path) -> None:
    # A name rebound to 60 texts, and offsets rebound to 60 values each: every text with
    # every bound is 60 ** 4 slices. At most MAX_VALUES of them are made; the rest is
    # Unknown, and said so.
    rebinds = "\n".join(
        f"    if flag == {i}:\n"
        f'        text = "handle_tool_{i:02d}"\n'
        f"        start, stop, step = {i}, {i + 3}, {i % 3 + 1}"
        for i in range(60)
    )
    source = (
        "import os\n"
        "from mcp.server.fastmcp import FastMCP\n"
        "mcp = FastMCP('x')\n"
        "def labels(flag):\n"
        f"{rebinds}\n"
        "    return text[start:stop:step]\n"
        "@mcp.tool(name=labels(os.environ['LABEL']))\n"
        "def lookup(query: str) -> str:\n"
        "    return query\n"
    )
    engine = _engine(tmp_path, {"server.py": source})
    assert "a slice of many texts" in engine.broadened
    assert [r.role for r in engine.registrations.values()] == ["tool"]
