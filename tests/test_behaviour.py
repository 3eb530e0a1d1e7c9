"""The behaviour model: what happens to an unknown key, and who does it.

Each framework fact is verified by running the framework in tests/e2e; these tests pin
the model's table of them.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest
from packages import write_package

from toolargs.analysis import analyze_path, analyze_source
from toolargs.behaviour import Facts, behaviour
from toolargs.config import Config
from toolargs.model import Event, Step

NODE = cst.Name("x")
REJECT = [Event(Step.REJECT, NODE)]
COLLECT = [Event(Step.COLLECT, NODE)]
REPORT = [Event(Step.COLLECT, NODE), Event(Step.ATTACH, NODE)]


@pytest.mark.parametrize(
    ("facts", "label"),
    [
        # SDK FastMCP / MCPServer drop for every tool, whatever the handler does.
        (Facts("read-only", "mcp-fastmcp", 1, handler_events=REPORT), "dropped (framework)"),
        (Facts("mutation", "mcp-mcpserver", 2, keyword_style=True), "dropped (framework)"),
        (Facts("mutation", "mcp-fastmcp", 1, enforcement="enforce_policy(mcp)"),
         "rejected (toolargs)"),
        (Facts("read-only", "mcp-mcpserver", 2, enforcement="enforce_policy(mcp)"),
         "reported (toolargs)"),
        # ... unless a hook the MCPServer runs around every call rejects them first.
        (Facts("mutation", "mcp-mcpserver", 2, keyword_style=True,
               intercepted_by="StrictArguments.intercept_tool_call"), "rejected (handler)"),
        # Standalone fastmcp rejects before the tool runs; the middleware changes that,
        # except on 3.x with strict_input_validation=True.
        (Facts("read-only", "fastmcp", 4, keyword_style=True), "rejected (framework)"),
        (Facts("read-only", "fastmcp", 2, enforcement="PolicyMiddleware on mcp"),
         "reported (toolargs)"),
        (Facts("read-only", "fastmcp", 3, strict_input_validation=True,
               enforcement="enforce_policy(mcp)"), "rejected (schema)"),
        (Facts("read-only", "fastmcp", 4, strict_input_validation=True,
               enforcement="enforce_policy(mcp)"), "reported (toolargs)"),
        # SDK low-level Server: 1.x validates a closed schema before the handler.
        (Facts("mutation", "mcp-lowlevel", 1, schema_closed=True, handler_events=[]),
         "rejected (schema)"),
        (Facts("read-only", "mcp-lowlevel", 1, schema_closed=True, handler_events=REPORT,
               enforcement="ToolPolicy"), "rejected (schema)"),
        (Facts("mutation", "mcp-lowlevel", 1, validating=False, schema_closed=True,
               handler_events=[]), "dropped (handler)"),
        (Facts("mutation", "mcp-lowlevel", 2, schema_closed=True, handler_events=[]),
         "dropped (handler)"),
        (Facts("mutation", "mcp-lowlevel", 1, schema_closed=None, handler_events=REJECT),
         "rejected (handler)"),
        # The handler decides.
        (Facts("read-only", None, handler_events=REPORT), "reported (handler)"),
        (Facts("read-only", None, handler_events=COLLECT), "dropped (handler)"),
        (Facts("read-only", None, handler_events=[]), "dropped (handler)"),
        (Facts("mutation", None, handler_events=[], keyword_style=True, shape="registry"),
         "rejected (handler)"),
        (Facts("mutation", None, handler_events=[], keyword_style=True, shape="decorator"),
         "unknown (framework)"),
        (Facts("mutation", None), "unknown (handler)"),
        (Facts("mutation", None, handler_events=[], enforcement="ToolPolicy"),
         "rejected (toolargs)"),
    ],
)
def test_behaviour(facts: Facts, label: str) -> None:
    assert behaviour(facts).label == label


def test_messages_say_what_happens() -> None:
    assert behaviour(Facts("read-only", "fastmcp", 3)).what == (
        "fastmcp 3.x rejects them with 'Unexpected keyword argument' before the tool runs"
    )
    assert "additionalProperties: false" in behaviour(
        Facts("read-only", "mcp-lowlevel", 1, schema_closed=True, handler_events=[])
    ).what


# -- the rules judge from the model -------------------------------------------------------

SDK_SERVER = '''\
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("notes")


@mcp.tool()
def search_notes(query: str, max_results: int = 10) -> list[str]:
    return []
'''


def codes_of(source: str, config: Config | None = None) -> list[str]:
    report = analyze_source(source, "server.py", config or Config())
    return [d.message for d in report.diagnostics]


def test_tav502_needs_aliases_to_map() -> None:
    messages = codes_of(SDK_SERVER)
    assert any(m.startswith("TAV502") and "enforce_policy(mcp)" in m for m in messages)
    assert not any(m.startswith("TAV502") for m in codes_of(SDK_SERVER, Config(aliases=())))


def test_tav502_leaves_a_limit_taken_as_text() -> None:
    # `max_matches: str = "50"`: an integer `limit` moved onto it would fail validation,
    # so mapping the aliases is no remedy (TAV501 still asks for the policy).
    for written in ('max_results: str = "10"', "max_results: str | None = None",
                    "max_results: Optional[str] = None"):
        source = "from typing import Optional\n" + SDK_SERVER.replace(
            "max_results: int = 10", written
        )
        messages = codes_of(source)
        assert not any(m.startswith("TAV502") for m in messages), written
        assert any(m.startswith("TAV501") for m in messages)


def test_tav502_on_a_server_from_another_package_asks_for_the_policy_not_the_dict() -> None:
    # A keyword tool registered on a server the package imports from a dependency: its
    # code is called with keywords, so only the policy on that server can map an alias.
    source = SDK_SERVER.replace(
        "from mcp.server.fastmcp import FastMCP", "from labkit import InstrumentServer"
    ).replace('FastMCP("notes")', 'InstrumentServer("notes")')
    (message,) = [m for m in codes_of(source) if m.startswith("TAV502")]
    assert message.endswith("apply toolargs.runtime.enforce_policy to the server that registers it")


def test_standalone_fastmcp_gets_tav503_with_a_remedy_that_works_there() -> None:
    source = SDK_SERVER.replace("mcp.server.fastmcp", "fastmcp")
    messages = codes_of(source)
    assert [m.split()[0] for m in messages] == ["TAV503"]
    assert "apply toolargs.runtime.enforce_policy(mcp) to its fastmcp server" in messages[0]
    assert "SDK" not in messages[0]


# -- which server serves a tool (discovery links it before the model runs) ---------------


def package(tmp_path: Path, files: dict[str, str]) -> Path:
    return write_package(tmp_path / "pkg", files)


def audit_of(path: Path) -> dict[str, tuple[str, list[str]]]:
    """tool -> (unknown_keys (handled_by), codes) for one file."""
    report = analyze_path(path, Config())
    return {t.name: (f"{t.unknown_keys} ({t.handled_by})", list(t.findings)) for t in report.tools}


REGISTRY = '''\
from typing import Any


class Registry:
    def __init__(self, server: Any) -> None:
        self.server = server

    def reader(self):
        def register(fn):
            self.server.tool(annotations={"readOnlyHint": True})(fn)
            return fn
        return register
'''

TOOLS = '''\
from .registry import Registry


def register(tools: Registry) -> None:
    @tools.reader()
    def list_notes(folder: str = "") -> list[str]:
        return []
'''


def test_a_tool_reaching_the_packages_only_server_is_that_servers(tmp_path: Path) -> None:
    root = package(
        tmp_path,
        {
            "registry.py": REGISTRY,
            "tools.py": TOOLS,
            "server.py": "from mcp.server.mcpserver import MCPServer\n\n"
            "from . import tools\nfrom .registry import Registry\n\n"
            "server = MCPServer('notes')\ntools.register(Registry(server))\n",
        },
    )
    found = audit_of(root / "tools.py")
    assert found == {"list_notes": ("dropped (framework)", ["TAV501"])}


def test_two_servers_in_the_package_leave_it_undecided(tmp_path: Path) -> None:
    root = package(
        tmp_path,
        {
            "registry.py": REGISTRY,
            "tools.py": TOOLS,
            "server.py": "from fastmcp import FastMCP\nfrom mcp.server.mcpserver import "
            "MCPServer\n\nstrict = FastMCP('a')\nlenient = MCPServer('b')\n",
        },
    )
    assert audit_of(root / "tools.py") == {"list_notes": ("unknown (framework)", ["TAV904"])}


def test_a_project_class_named_like_a_framework_server_is_not_one(tmp_path: Path) -> None:
    root = package(
        tmp_path,
        {
            "base.py": "class FastMCP:\n    def tool(self, **options):\n"
            "        return lambda fn: fn\n",
            "server.py": "from .base import FastMCP\n\n\nclass Tracing(FastMCP):\n    pass\n\n\n"
            "mcp = Tracing()\n\n\n@mcp.tool(annotations={'readOnlyHint': True})\n"
            "def list_notes(folder: str = '') -> list[str]:\n    return []\n",
        },
    )
    found = audit_of(root / "server.py")
    assert all(label != "rejected (framework)" for label, _ in found.values())


HANDLERS = '''\
from typing import Any

from mcp.types import TextContent, Tool, ToolAnnotations


class ToolHandler:
    def run_tool(self, args: dict[str, Any]) -> list[TextContent]:
        raise NotImplementedError()


class GetNoteToolHandler(ToolHandler):
    name = "get_note"

    def get_tool_description(self) -> Tool:
        return Tool(
            name=self.name,
            inputSchema={"type": "object", "properties": {"path": {"type": "string"}},
                         "additionalProperties": False},
            annotations=ToolAnnotations(readOnlyHint=True),
        )

    def run_tool(self, args: dict[str, Any]) -> list[TextContent]:
        return [TextContent(type="text", text=open(args["path"]).read())]
'''

DISPATCHER = '''\
from typing import Any

from mcp.server import Server

from . import tools

app = Server("notes")
handlers = {"get_note": tools.GetNoteToolHandler()}


@app.call_tool({validate})
async def call_tool(name: str, arguments: Any) -> Any:
    return handlers[name].run_tool(arguments)
'''


@pytest.mark.parametrize(
    ("validate", "label", "codes"),
    [
        ("", "rejected (schema)", ["TAV503"]),
        ("validate_input=False", "dropped (handler)", ["TAV505"]),
    ],
)
def test_a_handler_class_is_served_by_the_dispatcher_calling_it(
    tmp_path: Path, validate: str, label: str, codes: list[str]
) -> None:
    root = package(
        tmp_path,
        {"tools.py": HANDLERS, "server.py": DISPATCHER.replace("{validate}", validate)},
    )
    assert audit_of(root / "tools.py") == {"get_note": (label, codes)}


def test_tools_registered_on_self_by_a_server_subclass_are_its(tmp_path: Path) -> None:
    """`self.tool(find, name=...)` in a method of a project subclass of fastmcp's
    FastMCP: fastmcp rejects the unknown key (fastmcp 2.7 included, tried by hand)."""
    root = package(
        tmp_path,
        {
            "server.py": "from fastmcp import FastMCP\n\n\nclass NotesServer(FastMCP):\n"
            "    def setup_tools(self) -> None:\n"
            "        def find(query: str) -> str:\n            return query\n\n"
            "        self.tool(find, name='notes-find', annotations={'readOnlyHint': True})\n"
        },
    )
    assert audit_of(root / "server.py") == {"notes-find": ("rejected (framework)", ["TAV503"])}


def test_tav503_remedy_on_a_fastmcp_without_middleware(tmp_path: Path) -> None:
    """fastmcp 2.7.0 has no fastmcp.server.middleware (2.9.0 has): the remedy says so."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "requirements.txt").write_text("fastmcp==2.7.0\n", encoding="utf-8")
    server = tmp_path / "server.py"
    server.write_text(SDK_SERVER.replace("mcp.server.fastmcp", "fastmcp"), encoding="utf-8")
    messages = [d.message for d in analyze_path(server, Config()).diagnostics]
    assert [m.split()[0] for m in messages] == ["TAV503"]
    assert "fastmcp==2.7.0) has no middleware API" in messages[0]


def test_fastmcp_before_2_drops_unknown_keys_and_its_remedy_asks_for_a_newer_one(
    tmp_path: Path,
) -> None:
    """fastmcp 0.x (`fastmcp>=0.3,<1.0`) ignores extra keys like the SDK's FastMCP it
    became, and has no middleware: TAV501, whose remedy upgrades first; fix leaves it."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "requirements.txt").write_text("fastmcp>=0.3,<1.0\n", encoding="utf-8")
    server = tmp_path / "server.py"
    server.write_text(SDK_SERVER.replace("mcp.server.fastmcp", "fastmcp"), encoding="utf-8")
    report = analyze_path(server, Config())
    assert {t.unknown_keys for t in report.tools} == {"dropped"}
    messages = [d.message for d in report.diagnostics]
    assert [m.split()[0] for m in messages] == ["TAV501", "TAV502"]
    assert "allow a newer fastmcp (its pin, fastmcp 0.x, from requirements.txt" in messages[0]
    assert "then apply toolargs.runtime.enforce_policy(" in messages[0]
    assert "has no middleware API" in messages[1]  # max_results: the same upgrade first


def test_the_upgrade_remedy_names_the_constructor_keywords_a_newer_fastmcp_refuses(
    tmp_path: Path,
) -> None:
    """fastmcp 0.x took `description=` and settings such as `log_level=` in FastMCP(...);
    fastmcp 3 and 4 refuse both (TypeError): the remedy that asks for a newer fastmcp
    says where each goes, and says nothing of keywords every version takes."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "requirements.txt").write_text("fastmcp==0.4.1\n", encoding="utf-8")
    server = tmp_path / "server.py"
    source = SDK_SERVER.replace("mcp.server.fastmcp", "fastmcp")
    server.write_text(
        source.replace('FastMCP("', 'FastMCP(description="OA mail", log_level="ERROR", name="'),
        encoding="utf-8",
    )
    message = next(d.message for d in analyze_path(server, Config()).diagnostics)
    assert "pass `instructions=` in place of `description=` and `log_level=` to `run()`" in (
        message
    )
    server.write_text(source, encoding="utf-8")
    message = next(d.message for d in analyze_path(server, Config()).diagnostics)
    assert "in place of" not in message and "to `run()`" not in message


def test_tav904_names_a_server_class_from_another_distribution(tmp_path: Path) -> None:
    """`mcp = AppleMCPServer(...)` from a shared distribution the checker does not read:
    the remedy names the class and the option that tells the checker what it is, and
    with the option the server is the SDK server it subclasses."""
    source = (
        "from shared_mcp.server import AppleMCPServer\n\nmcp = AppleMCPServer('files')\n\n\n"
        "@mcp.tool()\ndef files_health() -> dict:\n    return {}\n"
    )
    root = package(tmp_path, {"tools.py": source})
    messages = [d.message for d in analyze_path(root / "tools.py", Config()).diagnostics]
    assert [m.split()[0] for m in messages] == ["TAV904"]
    assert "an instance of shared_mcp.server.AppleMCPServer, from outside the package" in (
        messages[0]
    )
    config = Config(server_classes=("FastMCP", "MCPServer", "AppleMCPServer"))
    assert [d.code for d in analyze_path(root / "tools.py", config).diagnostics] == ["TAV501"]


def test_a_dispatcher_spreading_arguments_into_an_imported_function_rejects(
    tmp_path: Path,
) -> None:
    """`await edit_handler(**arguments)` in a low-level dispatcher, `edit_handler`
    imported from a module of the project with a fixed signature: an unknown key is a
    TypeError naming it before the handler's body runs."""
    tools_module = (
        "from pathlib import Path\n\n\n"
        "async def edit_handler(path: str, old: str, new: str) -> dict:\n"
        "    file = Path(path)\n"
        "    file.write_text(file.read_text().replace(old, new))\n"
        "    return {'ok': True}\n"
    )
    server_module = (
        "from typing import Any\n\n"
        "from mcp.server import Server\n"
        "from mcp.types import TextContent\n\n"
        "from .edit import edit_handler\n\n"
        "server = Server('dev')\n\n\n"
        "@server.call_tool()\n"
        "async def call_tool(name: str, arguments: dict[str, Any]) -> list[TextContent]:\n"
        "    if name == 'edit':\n"
        "        result = await edit_handler(**arguments)\n"
        "    else:\n"
        "        raise ValueError(name)\n"
        "    return [TextContent(type='text', text=str(result))]\n"
    )
    root = package(tmp_path, {"edit.py": tools_module, "server.py": server_module})
    report = analyze_path(root / "server.py", Config())
    (tool,) = report.tools
    assert (tool.name, tool.unknown_keys, tool.handled_by) == ("edit", "rejected", "handler")


def test_a_low_level_server_registered_through_the_2x_api_validates_nothing(
    tmp_path: Path,
) -> None:
    """`server.add_request_handler("tools/call", ...)` exists only in the SDK's 2.x,
    whose low-level Server validates no arguments: a closed schema rejects nothing there,
    whatever a loose pin allows."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "requirements.txt").write_text("mcp>=1.2,<2\n", encoding="utf-8")
    server = tmp_path / "server.py"
    server.write_text(
        "from typing import Any\n\n"
        "from mcp.server.lowlevel import Server\n"
        "from mcp.types import (\n"
        "    CallToolRequestParams, CallToolResult, ListToolsResult, TextContent, Tool,\n"
        ")\n\n"
        "NOTES: dict[str, str] = {}\n"
        "TOOLS = [\n"
        "    Tool(name='read_note', inputSchema={'type': 'object', 'properties':\n"
        "         {'title': {'type': 'string'}}, 'additionalProperties': False}),\n"
        "]\n\n\n"
        "async def on_list_tools(ctx: Any, params: Any) -> ListToolsResult:\n"
        "    return ListToolsResult(tools=TOOLS)\n\n\n"
        "def read_note(arguments: dict[str, Any]) -> str:\n"
        "    return NOTES.get(arguments['title'], '')\n\n\n"
        "async def on_call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:\n"
        "    if params.name == 'read_note':\n"
        "        text = read_note(params.arguments or {})\n"
        "    else:\n"
        "        raise ValueError(params.name)\n"
        "    return CallToolResult(content=[TextContent(type='text', text=text)])\n\n\n"
        "server = Server('notes')\n"
        "server.add_request_handler('tools/list', Any, on_list_tools)\n"
        "server.add_request_handler('tools/call', CallToolRequestParams, on_call_tool)\n",
        encoding="utf-8",
    )
    report = analyze_path(server, Config())
    (tool,) = report.tools
    assert (tool.name, tool.unknown_keys) == ("read_note", "dropped")
    assert "(the code uses the 2.x API)" in tool.framework_version


def test_a_router_run_in_a_thread_reads_the_arguments_it_is_handed(tmp_path: Path) -> None:
    """`await asyncio.to_thread(_handle_tool, name, arguments, manager)` in a server
    factory: the branches of `_handle_tool` read the keys they know from the dict, and an
    SDK 1.x low-level server with open schemas lets the others through: dropped, not a
    signature that refuses keywords."""
    source = (
        "import asyncio\n"
        "from typing import Any\n\n"
        "from mcp.server import Server\n"
        "from mcp.types import TextContent, Tool\n\n\n"
        "class Manager:\n"
        "    def __init__(self) -> None:\n"
        "        self.servers: dict[str, str] = {}\n\n\n"
        "def create_server(manager: Manager) -> Server:\n"
        "    server = Server('mysql')\n\n"
        "    @server.list_tools()\n"
        "    async def list_tools() -> list[Tool]:\n"
        "        return [Tool(name='connect', inputSchema={'type': 'object', 'properties':\n"
        "                     {'server_id': {'type': 'string'}}})]\n\n"
        "    @server.call_tool()\n"
        "    async def call_tool(name: str, arguments: dict) -> list[TextContent]:\n"
        "        text = await asyncio.to_thread(_handle_tool, name, arguments or {}, manager)\n"
        "        return [TextContent(type='text', text=text)]\n\n"
        "    return server\n\n\n"
        "def _sync(manager: Manager) -> None:\n"
        "    manager.servers.setdefault('active', '')\n\n\n"
        "def _handle_tool(name: str, arguments: dict[str, Any], manager: Manager) -> str:\n"
        "    _sync(manager)\n"
        "    if name == 'connect':\n"
        "        return manager.servers.get(arguments.get('server_id', ''), '')\n"
        "    raise ValueError(name)\n"
    )
    root = package(tmp_path, {"server.py": source})
    (tool,) = analyze_path(root / "server.py", Config()).tools
    assert (tool.name, tool.unknown_keys, tool.handled_by) == ("connect", "dropped", "handler")


def test_tav904_calls_a_factory_from_another_distribution_a_factory(tmp_path: Path) -> None:
    """`mcp = create_server("tools", version)` from a dependency: the remedy says what the
    factory returns is the server (not that the server is an instance of a function),
    and keeps `server-classes` to servers that drop unknown keys."""
    source = (
        "from redfox_core import create_server\n\nmcp = create_server('tools', '1.0')\n\n\n"
        "@mcp.tool()\ndef tools_download(url: str) -> dict:\n    return {}\n"
    )
    root = package(tmp_path, {"tools.py": source})
    messages = [d.message for d in analyze_path(root / "tools.py", Config()).diagnostics]
    assert [m.split()[0] for m in messages] == ["TAV904"]
    assert "its server is what redfox_core.create_server(...) returns" in messages[0]
    assert "an instance of" not in messages[0]
    assert "which drop unknown keys" in messages[0]


def test_a_decorated_tools_one_dict_parameter_is_one_argument(tmp_path: Path) -> None:
    """`@mcp.tool()` on a server handed in from outside the package: the framework behind
    the decorator calls the function with its signature's keywords, so `bundle: dict`
    is one argument, not the call's whole argument dict (no TAV201 asking to reject the
    bundle's own keys, no TAV901 for a schema the signature gives)."""
    root = package(
        tmp_path,
        {
            "tools.py": "from typing import Any\n\n\n"
            "def register_tools(mcp: Any) -> None:\n"
            "    @mcp.tool(annotations={'readOnlyHint': False})\n"
            "    async def apply_bundle(bundle: dict[str, Any]) -> dict[str, Any]:\n"
            "        \"\"\"Apply a policy bundle.\"\"\"\n"
            "        return {'applied': len(bundle['renderings'])}\n",
        },
    )
    found = audit_of(root / "tools.py")
    assert "TAV201" not in found["apply_bundle"][1]
    assert "TAV901" not in found["apply_bundle"][1]
