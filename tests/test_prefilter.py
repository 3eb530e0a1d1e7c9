"""The textual prefilter: it may let through a file without tools, never stop one with tools."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import libcst as cst
import pytest

from toolargs import prefilter
from toolargs.config import Config
from toolargs.discovery import build_model
from toolargs.prefilter import may_define_tools

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
DEFAULT = Config()


def _src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


@pytest.mark.parametrize(
    "path",
    sorted(FIXTURES.rglob("*.py")),
    ids=lambda path: str(path.relative_to(FIXTURES)),
)
def test_every_fixture_with_tools_passes(path: Path) -> None:
    # Discovery runs here without the prefilter (analyze_source applies it first): any
    # fixture in which it finds a tool must not be stopped. Fixtures without tools
    # (package `__init__`s, schema modules) may go either way.
    source = path.read_text(encoding="utf-8")
    tools = build_model(cst.parse_module(source), str(path), DEFAULT).tools
    if tools:
        assert may_define_tools(source, DEFAULT), [tool.name for tool in tools]


TOOL_SHAPES = {
    "fastmcp decorator": """
        from mcp.server.fastmcp import FastMCP
        mcp = FastMCP("demo")

        @mcp.tool()
        def search(query: str, max_results: int = 20) -> list[str]:
            return []
    """,
    "bare attribute decorator": """
        @app.tool
        def search(query: str) -> list[str]:
            return []
    """,
    "imported decorator": """
        from agents import tool

        @tool(name="search")
        def search(arguments: dict) -> dict:
            return {}
    """,
    "bare imported decorator": """
        from agents import tool as register

        @register
        def unrelated(): ...

        @tool
        def search(arguments): ...
    """,
    "decorator with spaces": """
        @ server . tool ( name = "x" )
        def x(arguments): ...
    """,
    "decorator inside a factory": """
        def build(server):
            @server.tool()
            async def search(query: str) -> str:
                return query
            return server
    """,
    "low-level dispatcher": """
        from mcp.server import Server
        server = Server("demo")

        @server.call_tool()
        async def dispatch(name: str, arguments: dict) -> list:
            if name == "search":
                return await handle_search(arguments)
            raise ValueError(name)
    """,
    "dispatcher by name only": """
        async def handle_call_tool(name, arguments):
            match name:
                case "search":
                    return search(arguments)
    """,
    "registry dict": """
        def search(arguments):
            return {}

        TOOL_HANDLERS = {"search": search}
    """,
    "registry dict named in lower case, annotated, comment first": """
        def add(args):
            return {}

        _dispatch: dict[str, Callable] = {  # the tools
            # arithmetic
            "add": add,
        }
    """,
    "class returning a Tool description": """
        from mcp import types

        class Search:
            def describe(self):
                return types.Tool(name="search", description="", inputSchema={})

            def run(self, arguments):
                return {}
    """,
    "class on the configured base": """
        from agent.tools import Tool

        class FindSymbolTool(Tool):
            def apply(self, name_path: str, max_matches: int = 10) -> str:
                return ""
    """,
    "class on a project base named after it": """
        from .base import SearchTool

        class FindFile(SearchTool):
            def apply(self, pattern: str) -> str:
                return ""
    """,
    "class on ToolHandler": """
        class SearchHandler(ToolHandler):
            def run_tool(self, arguments):
                return []
    """,
    "class on BaseTool": """
        class Grep(BaseTool):
            name = "grep"
            def __call__(self, arguments):
                return {}
    """,
    "handler instances registered": """
        server.add_tool_handler(SearchHandler())
    """,
    "imperative add_tool": """
        def search(query: str) -> str:
            return query

        mcp.add_tool(search, name="search")
    """,
    "imperative tool call": """
        def search(query: str) -> str:
            return query

        mcp.tool(search, name="search")
    """,
    "continued line": """
        server.\\
            tool(search)
    """,
    "schema constant only": """
        SEARCH_SCHEMA = {"type": "object", "properties": {"query": {"type": "string"}}}
        TOOLS = [{"name": "search", "inputSchema": SEARCH_SCHEMA}]
    """,
    "a registration handed in": """
        def register_tools(folder, register_func):
            for function in scan(folder):
                register_func(wrap(function))
    """,
    "helpers only": """
        from toolargs.runtime import collect_unknown_args, with_unknown_args

        def search(args):
            unknown = collect_unknown_args(args, KNOWN_ARGS)
            return with_unknown_args({}, unknown)
    """,
}


@pytest.mark.parametrize("source", TOOL_SHAPES.values(), ids=TOOL_SHAPES.keys())
def test_tool_shapes_pass(source: str) -> None:
    assert may_define_tools(_src(source), DEFAULT)


PLAIN_MODULES = {
    "functools user": """
        import functools
        import itertools

        @functools.lru_cache(maxsize=None)
        def pairs(items):
            return list(itertools.combinations(items, 2))
    """,
    "socketserver-like handler": """
        class EchoHandler(BaseRequestHandler):
            def handle(self):
                data = self.request.recv(1024)
                self.request.sendall(data)

            def __call__(self, *args):
                return self.handle()
    """,
    "logging handlers and prose": '''
        """A tool for rotating logs; see the tools section of the manual."""
        import logging

        handlers = [logging.StreamHandler()]
        registry = {}
        dispatch_table = {1: "one"}
        options = {"handler": "stream"}

        def execute(command):
            return mytool(command)
    ''',
    "names that only contain the words": """
        class Toolbox:
            toolkit = "x"
            pooltool_size = 3

        def apply(func, *args):
            return func(*args)
    """,
    "a method named register": """
        import atexit
        import codecs

        atexit.register(shutdown)
        codecs.register(search_function)
    """,
    "empty": "",
}


@pytest.mark.parametrize("source", PLAIN_MODULES.values(), ids=PLAIN_MODULES.keys())
def test_plain_modules_are_rejected(source: str) -> None:
    assert not may_define_tools(_src(source), DEFAULT)


def test_custom_decorator_is_honoured() -> None:
    source = _src(
        """
        @rpc.expose
        def search(arguments):
            return {}
        """
    )
    custom = Config(tool_decorators=("tool", "rpc.expose"))
    assert not may_define_tools(source, DEFAULT)
    assert may_define_tools(source, custom)


def test_custom_base_class_and_dispatcher_are_honoured() -> None:
    base = "class Deploy(Command):\n    def run(self, arguments):\n        return {}\n"
    dispatcher = "@app.route_call()\nasync def route(name, arguments):\n    return {}\n"
    custom = Config(tool_base_classes=("Command",), dispatcher_decorators=("route_call",))
    for source in (base, dispatcher):
        assert not may_define_tools(source, DEFAULT)
        assert may_define_tools(source, custom)


def test_decorator_name_must_be_a_whole_name() -> None:
    assert not may_define_tools("x = app.toolbox\ny = mytool\n", DEFAULT)
    assert may_define_tools("y = app.tool\n", DEFAULT)


def test_base_class_name_in_prose_is_not_a_tool() -> None:
    assert not may_define_tools('"""Tool for measuring execution time."""\n', DEFAULT)
    assert may_define_tools("class Timer(\n    Tool  # measures\n):\n    pass\n", DEFAULT)


def test_prefilter_and_discovery_share_one_vocabulary() -> None:
    # Both read toolargs.vocabulary, which imports no libcst.
    from toolargs.discovery import index, shapes

    assert prefilter.DISPATCHER_NAMES == shapes.DISPATCHER_NAMES
    assert prefilter.REGISTRY_NAME.pattern == shapes.REGISTRY_NAME.pattern
    assert prefilter.REGISTRY_NAME.flags == shapes.REGISTRY_NAME.flags
    assert prefilter.SCHEMA_KEYS == index.SCHEMA_KEYS


def test_rejecting_a_file_does_not_import_libcst() -> None:
    code = (
        "import sys\n"
        "from toolargs.config import Config\n"
        "from toolargs.prefilter import may_define_tools\n"
        "assert not may_define_tools('import os\\n', Config())\n"
        "print('libcst' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


CLASS_ATTRIBUTE_DISPATCH = """
class Profile:
    bias = 0

    dispatch = {
        "call": trace_dispatch_call,
        "return": trace_dispatch_return,
    }
"""


def test_class_attribute_dict_is_not_a_registry() -> None:
    # Discovery takes registries from module and function bindings, never class bodies.
    assert not may_define_tools(CLASS_ATTRIBUTE_DISPATCH, DEFAULT)


@pytest.mark.parametrize(
    "source",
    [
        "class A:\n    def m(self):\n        handlers = {'add': add}\n",
        "if TYPE_CHECKING:\n    pass\nelse:\n    TOOL_HANDLERS = {'add': add}\n",
        "class A:\n    x = f(\n1)\n    dispatch = {'add': add}\n",
        "def build():\n    if True:\n        REGISTRY = {'add': add}\n",
    ],
    ids=["method", "module-level if", "unclear continuation", "nested block in function"],
)
def test_registry_outside_class_body_passes(source: str) -> None:
    assert may_define_tools(source, DEFAULT)


def test_class_body_verdict_agrees_with_discovery() -> None:
    inside = CLASS_ATTRIBUTE_DISPATCH + "\ndef trace_dispatch_call(args):\n    return {}\n"
    outside = inside.replace("class Profile:\n    bias = 0\n", "def setup():\n    bias = 0\n")
    for source in (inside, outside):
        tools = build_model(cst.parse_module(source), "m.py", DEFAULT).tools
        assert may_define_tools(source, DEFAULT) == bool(tools)
