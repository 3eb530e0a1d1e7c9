"""Tools as definition objects: instances of a project class holding a handler, a name
and annotations, made by decorator factories or factories returning lists, and
registered by a loop over a parameter that reads the element's fields."""

from __future__ import annotations

import textwrap
from pathlib import Path

from toolargs.analysis import analyze_path
from toolargs.config import Config

FIXTURE = Path(__file__).parent.parent / "fixtures" / "packages" / "catalog_definitions"

DEFINITIONS = """
    from dataclasses import dataclass, replace
    from functools import partial
    from typing import Any, Callable

    from mcp.types import ToolAnnotations


    @dataclass
    class Spec:
        fn: Callable[..., Any]
        name: str | None = None
        annotations: ToolAnnotations | None = None

        def tool_name(self) -> str:
            return (self.name or self.fn.__name__).lower()

        def bound(self, **extra: Any) -> "Spec":
            return replace(self, fn=bind(self.fn, **extra))


    def bind(fn: Callable[..., Any], **extra: Any) -> Callable[..., Any]:
        return fn


    def spec_tool(*, name: str | None = None, read_only_hint: bool = False):
        def decorator(fn: Callable[..., Any]) -> Spec:
            return Spec(fn=fn, name=name, annotations=ToolAnnotations(readOnlyHint=read_only_hint))

        return decorator


    reader_tool = partial(spec_tool, read_only_hint=True)


    def register_all(mcp, specs) -> None:
        for item in specs:
            mcp.add_tool(fn=item.fn, name=item.tool_name(), annotations=item.annotations)
"""


def _write(tmp_path: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def _tools(path: Path) -> list[tuple[str, str, str]]:
    report = analyze_path(path, Config())
    assert report.error is None, report.error
    assert not [d for d in report.diagnostics if d.code == "TAV999"], report.diagnostics
    return sorted((t.name, t.mode, t.handler) for t in report.tools)


def test_the_catalog_package_registers_every_listed_definition() -> None:
    found = [
        *_tools(FIXTURE / "products.py"),
        *_tools(FIXTURE / "orders.py"),
        *_tools(FIXTURE / "reports.py"),
        *_tools(FIXTURE / "server.py"),
    ]
    assert sorted(found) == [
        ("cancel_order", "mutation", "cancel"),
        ("delete_product", "mutation", "delete_product"),
        ("list_orders", "read-only", "list_orders"),
        ("list_products", "read-only", "list_products"),
        ("product_details", "read-only", "get_product"),
        ("refund_order", "mutation", "refund"),
        ("reindex_catalog", "mutation", "reindex"),
        ("sales_report", "read-only", "sales_report in reports.py"),
    ]


def test_names_and_modes_come_from_the_decorator_call(tmp_path: Path) -> None:
    tools = """
        from mcp.server.fastmcp import FastMCP

        from .defs import reader_tool, register_all, spec_tool


        @reader_tool()
        def Show_Item(item_id: str) -> str:
            return item_id


        @spec_tool(name="Drop_Item")
        def drop(item_id: str) -> None:
            return None


        TOOLS = [Show_Item, drop]


        def register(mcp: FastMCP) -> None:
            register_all(mcp, [t.bound(ctx=None) for t in TOOLS])
    """
    _write(tmp_path, {"pkg/__init__.py": "", "pkg/defs.py": DEFINITIONS, "pkg/tools.py": tools})
    assert _tools(tmp_path / "pkg" / "tools.py") == [
        ("drop_item", "mutation", "drop"),
        ("show_item", "read-only", "Show_Item"),
    ]


def test_definitions_never_handed_to_a_registering_loop_are_no_tools(tmp_path: Path) -> None:
    tools = """
        from mcp.server.fastmcp import FastMCP

        from .defs import reader_tool


        @reader_tool()
        def show_item(item_id: str) -> str:
            return item_id


        TOOLS = [show_item]


        def titles(specs) -> list[str]:
            return [s.name for s in specs]


        def help_page() -> list[str]:
            return titles(TOOLS)


        def loop_without_registering(mcp: FastMCP) -> None:
            for item in TOOLS:
                print(item.fn)
    """
    _write(tmp_path, {"pkg/__init__.py": "", "pkg/defs.py": DEFINITIONS, "pkg/tools.py": tools})
    assert _tools(tmp_path / "pkg" / "tools.py") == []


def test_a_name_missing_from_the_enum_is_no_tool(tmp_path: Path) -> None:
    # `Names(value)` raises for a value it does not hold: that definition never registers.
    defs = """
        from dataclasses import dataclass
        from enum import Enum
        from typing import Any, Callable


        class Names(str, Enum):
            KNOWN = "known"


        @dataclass
        class Spec:
            fn: Callable[..., Any]

            def get_name(self) -> Names:
                return Names(self.fn.__name__)


        def register_all(mcp, specs) -> None:
            for item in specs:
                mcp.add_tool(fn=item.fn, name=item.get_name().value)


        def known() -> str:
            return "k"


        def unknown() -> str:
            return "u"


        def register(mcp) -> None:
            register_all(mcp, [Spec(fn=known), Spec(fn=unknown)])
    """
    _write(tmp_path, {"defs.py": defs})
    assert _tools(tmp_path / "defs.py") == [("known", "read-only", "known")]


def test_cycles_and_self_references_end(tmp_path: Path) -> None:
    defs = """
        from dataclasses import dataclass, replace
        from typing import Any, Callable


        @dataclass
        class Spec:
            fn: Callable[..., Any]

            def again(self) -> "Spec":
                return self.again()

            def loop(self) -> "Spec":
                return replace(self.loop(), fn=self.fn)


        def register_all(mcp, specs) -> None:
            for item in specs:
                mcp.add_tool(fn=item.fn)
            register_all(mcp, specs)


        def forward(mcp, specs) -> None:
            back(mcp, specs)


        def back(mcp, specs) -> None:
            forward(mcp, specs)
            register_all(mcp, specs)


        def handler() -> str:
            return "h"


        SPECS = SPECS + [Spec(fn=handler)]
        MORE = [s.again() for s in MORE]


        def register(mcp) -> None:
            forward(mcp, SPECS)
            register_all(mcp, MORE)
            register_all(mcp, [s.loop() for s in [Spec(fn=handler)]])
    """
    _write(tmp_path, {"defs.py": defs})
    # The self-referring list still holds its literal part; the rest evaluates to nothing.
    assert _tools(tmp_path / "defs.py") == [("handler", "read-only", "handler")]


def test_a_huge_list_of_definitions_is_bounded(tmp_path: Path) -> None:
    handlers = "\n".join(f"def op{i}() -> str:\n    return 'x'\n" for i in range(2000))
    specs = ", ".join(f"Spec(fn=op{i})" for i in range(2000))
    defs = f"""
from dataclasses import dataclass
from typing import Any, Callable


@dataclass
class Spec:
    fn: Callable[..., Any]


def register_all(mcp, specs) -> None:
    for item in specs:
        mcp.add_tool(fn=item.fn)


{handlers}

def register(mcp) -> None:
    register_all(mcp, [{specs}])
"""
    (tmp_path / "defs.py").write_text(defs, encoding="utf-8")
    found = _tools(tmp_path / "defs.py")
    assert 0 < len(found) <= 512
    assert found[0] == ("op0", "read-only", "op0")


def test_a_loop_handing_each_definition_to_a_registering_function(tmp_path: Path) -> None:
    defs = """
        from dataclasses import dataclass
        from typing import Any, Callable

        from mcp.server.fastmcp import FastMCP
        from mcp.types import ToolAnnotations


        @dataclass
        class Spec:
            name: str
            fn: Callable[..., Any]
            annotations: ToolAnnotations | None = None


        def add_one(mcp: FastMCP, spec: Spec) -> None:
            mcp.add_tool(spec.fn, name=spec.name, annotations=spec.annotations)


        def add_all(mcp: FastMCP, specs: list[Spec]) -> None:
            for spec in specs:
                add_one(mcp, spec)


        def search(query: str) -> list[str]:
            return [query]


        def wipe(bucket: str) -> None:
            return None


        SPECS = [
            Spec("search_docs", search, ToolAnnotations(readOnlyHint=True)),
            Spec("wipe_bucket", wipe, ToolAnnotations(readOnlyHint=False)),
        ]


        def register(mcp: FastMCP) -> None:
            add_all(mcp, SPECS)
    """
    _write(tmp_path, {"defs.py": defs})
    assert _tools(tmp_path / "defs.py") == [
        ("search_docs", "read-only", "search"),
        ("wipe_bucket", "mutation", "wipe"),
    ]
