"""The value-flow engine on the engine benchmark: names, servers and handlers, exactly.

Cases the engine does not get right yet are listed in benchmarks/engine/flow-failures.txt
and expected to fail (strictly: a case that starts passing must leave the list).
"""

from __future__ import annotations

import sys
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "engine"
sys.path.insert(0, str(BENCHMARK))

import flow  # noqa: E402

KNOWN_FAILURES = {
    line.split("#")[0].strip()
    for line in flow.FAILURES.read_text(encoding="utf-8").splitlines()
    if line.split("#")[0].strip()
}


@pytest.mark.parametrize(
    "case_id",
    [
        pytest.param(c, marks=pytest.mark.xfail(strict=True, reason="flow-failures.txt"))
        if c in KNOWN_FAILURES
        else c
        for c in flow.case_ids()
    ],
)
def test_engine_answers_the_case(case_id: str) -> None:
    assert flow.compare(case_id) is None


def test_reading_survives_registrations_recorded_while_it_evaluates_handlers() -> None:
    """Reading a low-level server evaluates its call handler once per listed tool, in a
    context of its own; code run there may build a server again and record its
    handlers. The tools read are the fixpoint's, and reading does not fail."""
    from toolargs.flow.engine import Engine
    from toolargs.flow.tools import Reader

    case = BENCHMARK / "cases" / "lowlevel" / "023_sdk2_server_built_by_a_method"
    engine = Engine(sorted(case.rglob("*.py")), case)
    engine.run()
    dispatched = engine.dispatched

    def dispatched_and_rebuilt(handler, tool, tag, hand_written=False):  # type: ignore[no-untyped-def]
        found = dispatched(handler, tool, tag, hand_written)
        for key, registration in list(engine.registrations.items()):
            engine.registrations[(*key, "again", tag)] = registration
        return found

    engine.dispatched = dispatched_and_rebuilt  # type: ignore[method-assign]
    names = sorted(tool.name for tool in Reader(engine).read().tools)
    assert names == ["cache_clear", "fetch_page"]


def test_calls_nested_past_the_interpreter_depth_broaden_instead_of_losing_the_package(
    tmp_path: Path,
) -> None:
    """A chain of factories, each calling the next inside a nested expression, can reach
    the interpreter's recursion limit before the engine's own MAX_DEPTH: the call that
    hits it returns Unknown, the evaluation stops there as when its budget is spent,
    and says so; what it read stands (the tools registered elsewhere in the package
    were all lost, with their server, in one run of three)."""
    from toolargs.flow.tools import analyse

    package = tmp_path / "deep"
    package.mkdir()
    (package / "__init__.py").write_text("")
    factories = "".join(
        f"def settings_{i}(options):\n    return dict(dict(dict(settings_{i + 1}(options))))\n\n\n"
        for i in range(59)
    )
    last = "def settings_59(options):\n    return options\n"
    (package / "settings.py").write_text(factories + last)
    (package / "server.py").write_text(
        "from fastmcp import FastMCP\n\nfrom .settings import settings_0\n\n"
        'mcp = FastMCP("deep", **settings_0({}))\n\n\n'
        "@mcp.tool\ndef ping() -> str:\n    return 'pong'\n"
    )
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        result = analyse(sorted(package.rglob("*.py")), tmp_path)
    finally:
        sys.setrecursionlimit(limit)
    assert [t.name for t in result.tools] == ["ping"]
    assert all(t.server_place is not None for t in result.tools)
    assert "depth of nested calls" in result.broadened


def test_a_registry_of_more_tools_than_an_allocation_site_tells_apart(tmp_path: Path) -> None:
    """A low-level call handler looking each tool's handler up in a registry filled by a
    decorator in several modules, with more tools than MAX_SITE_CONTEXTS, each handler
    calling a helper of another module: each tool keeps its own handler."""
    from packages import write_package

    from toolargs.flow.engine import MAX_SITE_CONTEXTS
    from toolargs.flow.tools import analyse

    modules = 8
    per_module = MAX_SITE_CONTEXTS // modules + 2
    names = [f"action_{m}_{t}" for m in range(modules) for t in range(per_module)]
    files = {
        "server.py": dedent("""\
            from mcp.server import Server
            from chat_mcp.tools import registry

            app = Server("chat")


            @app.list_tools()
            async def list_tools():
                return registry.definitions()


            @app.call_tool()
            async def call_tool(name, arguments):
                return await registry.call(name, arguments)
        """),
        "tools/registry.py": dedent("""\
            from mcp.types import Tool


            class Registry:
                def __init__(self):
                    self.tools = {}
                    self.handlers = {}

                def register(self, name, schema):
                    def decorator(func):
                        self.tools[name] = Tool(name=name, description="", inputSchema=schema)
                        self.handlers[name] = func
                        return func
                    return decorator

                def definitions(self):
                    return list(self.tools.values())

                async def call(self, name, arguments):
                    handler = self.handlers.get(name)
                    if not handler:
                        raise ValueError(name)
                    return await handler(arguments)


            registry = Registry()
        """),
        "tools/limits.py": dedent("""\
            from .registry import Registry

            counters = Registry()


            def throttle(action):
                counters.handlers.setdefault(action, None)
        """),
        "tools/__init__.py": "from .registry import registry as registry\n" + "".join(
            f"from . import group_{m} as group_{m}\n" for m in range(modules)
        ),
    }
    for m in range(modules):
        files[f"tools/group_{m}.py"] = "from .registry import registry\n" + (
            "from .limits import throttle\n"
        ) + "".join(
            f'\n\n@registry.register(name="{name}", schema={{"type": "object"}})\n'
            f"async def {name}(arguments):\n"
            f'    throttle("{name}")\n'
            f"    return [arguments]\n"
            for name in names[m * per_module : (m + 1) * per_module]
        )
    package = write_package(tmp_path / "chat_mcp", files)
    found = analyse(sorted(package.rglob("*.py")), tmp_path)
    handlers = {tool.name: tool.handler.name if tool.handler else None for tool in found.tools}
    assert len(names) > MAX_SITE_CONTEXTS and sorted(handlers) == sorted(names)
    assert all(handlers[name] == name for name in names), [
        (name, handlers[name]) for name in names if handlers[name] != name
    ][:5]


def _module_bindings(tmp_path: Path, name: str, text: str) -> tuple[Any, dict[str, Any]]:
    """The engine run on one module of `text`, and what its module body binds (a module
    with no framework in it is evaluated only when asked)."""
    from toolargs.flow.engine import Engine

    (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    engine = Engine([tmp_path / f"{name}.py"], tmp_path)
    engine.run()
    module = engine.modules.get(name)
    assert module is not None
    engine._module(module)
    return engine, engine.locals[engine.module_frame(module)]


def test_a_dict_whose_keys_are_all_known_holds_nothing_under_another(tmp_path: Path) -> None:
    """`TABLE["c"]` of a dict filled under literal keys only is nothing, not every value
    the dict holds; a dict given a key the analysis cannot read still gives them all."""
    from toolargs.flow.values import Const

    _, bound = _module_bindings(
        tmp_path, "tables",
        'import os\n\nTABLE = {"a": 1}\nTABLE["b"] = 2\nKNOWN = TABLE["a"]\nMISSING = TABLE["c"]\n'
        'OPEN = {"a": 1}\nOPEN[os.environ["KEY"]] = 3\nGUESSED = OPEN["c"]\n',
    )
    assert bound["KNOWN"] == {Const(1)}
    assert not bound.get("MISSING")
    assert bound["GUESSED"] == {Const(1), Const(3)}


def test_setdefault_on_a_key_the_dict_has_gives_what_is_there(tmp_path: Path) -> None:
    """`spec.setdefault("input_schema", {})` on a dict literal that names the key gives
    its value alone (the schema of that entry), not the unused default beside it; on a
    dict without the key, the default."""
    from toolargs.flow.values import Const, Container

    engine, bound = _module_bindings(
        tmp_path, "specs",
        'SPEC = {"name": "read_cells", "input_schema": {"type": "object"}}\n'
        'SCHEMA = SPEC.setdefault("input_schema", {})\n'
        'BARE = {"name": "list_sheets"}\n'
        'DEFAULTED = BARE.setdefault("input_schema", {"type": "null"})\n',
    )
    [schema] = bound["SCHEMA"]
    assert isinstance(schema, Container) and engine._get(schema, "type") == {Const("object")}
    [defaulted] = bound["DEFAULTED"]
    assert isinstance(defaulted, Container) and engine._get(defaulted, "type") == {Const("null")}


def test_a_call_handler_run_per_tool_runs_no_module_body_again(tmp_path: Path) -> None:
    """Reading which function a low-level call handler runs for each tool evaluates the
    handler in a context of its own, but no module body: a module runs once."""
    from toolargs.flow.engine import Engine
    from toolargs.flow.tools import Reader

    case = BENCHMARK / "cases" / "lowlevel" / "025_registry_reexported_by_its_package"
    engine = Engine(sorted(case.rglob("*.py")), case)
    engine.run()
    rerun: list[str] = []
    module = engine._module

    def counted(value):  # type: ignore[no-untyped-def]
        if engine.dispatch is not None and engine.module_frame(value) not in engine.evaluated:
            rerun.append(value.name)
        return module(value)

    engine._module = counted  # type: ignore[method-assign]
    names = sorted(tool.name for tool in Reader(engine).read().tools)
    assert len(names) == 5 and rerun == []


def test_the_order_of_values_is_the_same_under_any_hash_seed() -> None:
    """Past a bound, what the analysis reads depends on the order of its value sets: the
    hashes of values of texts, paths and None, and the evaluation order of a package's
    modules, are the same under any PYTHONHASHSEED (and from run to run)."""
    import os
    import subprocess

    script = (
        "from pathlib import PurePosixPath\n"
        "from toolargs.flow.engine import Engine\n"
        "from toolargs.flow.values import Const, External, Lazy, Unknown\n"
        "from pathlib import Path\n"
        "values = [Const('fetch'), Const(None), Const(PurePosixPath('a/b.py')),\n"
        "          External('mcp.server.Server'), Lazy('pkg.tools', None), Unknown('x')]\n"
        "print([hash(v) for v in values], [v for v in frozenset(values)])\n"
        "case = Path(%r)\n"
        "order = []\n"
        "enter = Engine._enter\n"
        "def entered(self, function, frame):\n"
        "    order.append(function.name)\n"
        "    return enter(self, function, frame)\n"
        "Engine._enter = entered\n"
        "engine = Engine(sorted(case.rglob('*.py')), case)\n"
        "engine.run()\n"
        "print(order)\n"
    ) % str(BENCHMARK / "cases" / "lowlevel" / "025_registry_reexported_by_its_package")
    source = str(Path(__file__).resolve().parent.parent / "src")
    answers = set()
    for seed in ("1", "2", "random"):
        environment = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": source}
        done = subprocess.run(
            [sys.executable, "-c", script], env=environment, capture_output=True, text=True,
            check=True,
        )
        answers.add(done.stdout)
    assert len(answers) == 1, answers


def test_a_tool_class_object_whose_name_is_unread_is_not_named_run(tmp_path: Path) -> None:
    """A project subclass of fastmcp's Tool whose name the analysis does not read (given
    to its base's `__init__` from a config it is built with) is not a tool named after its
    `run` method."""
    from toolargs.flow.tools import analyse

    package = tmp_path / "gql_mcp"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "server.py").write_text(dedent("""\
        import os
        from typing import Any

        from fastmcp import FastMCP
        from fastmcp.tools import Tool

        mcp = FastMCP("graphql")


        class GraphQLTool(Tool):
            def __init__(self, config: dict) -> None:
                super().__init__(name=config["name"], parameters={})

            async def run(self, arguments: dict[str, Any]) -> Any:
                return {"query": arguments}


        mcp.add_tool(GraphQLTool({"name": os.environ["TOOL_NAME"]}))
        mcp.add_tool(Tool.from_function(lambda: None, name="graphql_query"))
    """), encoding="utf-8")
    result = analyse(sorted(package.rglob("*.py")), tmp_path)
    assert "run" not in {t.name for t in result.tools}
