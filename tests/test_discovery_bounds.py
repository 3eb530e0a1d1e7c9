"""Discovery on hostile shapes: cycles, deep wrapper chains, huge literals, missing
modules. Each run ends, finds what is there and invents nothing."""

from __future__ import annotations

import textwrap
from pathlib import Path

from toolargs.analysis import analyze_path
from toolargs.config import Config


def _tools(tmp_path: Path, files: dict[str, str], target: str) -> list[tuple[str, str]]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
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
    # Past the bound the registration is not followed: no tool, and no hang.
    assert _tools(tmp_path, {"server.py": _chain(300)}, "server.py") == []


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
