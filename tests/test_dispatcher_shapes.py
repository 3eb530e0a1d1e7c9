"""Low-level dispatchers as real servers write them: the arguments renamed through a
conditional expression, and names routed by membership in a module constant."""

from __future__ import annotations

from pathlib import Path


from toolargs.analysis import analyze_source
from toolargs.config import Config

SERVER = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("kb")
KB_TOOLS = frozenset({"search_kb", "delete_kb"})
SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name=name, description=name, inputSchema=SCHEMA)
        for name in ("verify_user", "search_kb", "delete_kb")
    ]


def require_key() -> None:
    pass


def handle_kb(name: str, arguments: dict) -> str:
    if name == "search_kb":
        return f"found {arguments.get('q')}"
    if name == "delete_kb":
        return delete_document(arguments["q"])
    raise ValueError(name)


def handle(name: str, arguments: dict) -> str:
    try:
        require_key()
        if name == "verify_user":
            return str(arguments.get("q"))
        if name in KB_TOOLS:
            return handle_kb(name, arguments)
    except KeyError as error:
        return str(error)
    raise ValueError(name)


@server.call_tool()
async def call_tool(name: str, arguments: dict | None) -> list[types.TextContent]:
    args = arguments if isinstance(arguments, dict) else {}
    return [types.TextContent(type="text", text=handle(name, args))]
'''


def test_branches_behind_a_renamed_argument_dict_and_a_membership_test() -> None:
    report = analyze_source(SERVER, "server.py", Config())
    handlers = {t.name: t.handler for t in report.tools}
    assert sorted(handlers) == ["delete_kb", "search_kb", "verify_user"]
    assert handlers["verify_user"] == "handle branch 'verify_user'"
    # the router the membership test hands the name to: its branch for each name
    assert handlers["search_kb"] == "handle_kb branch 'search_kb'"
    assert handlers["delete_kb"] == "handle_kb branch 'delete_kb'"
    modes = {t.name: t.mode for t in report.tools}
    assert modes["verify_user"] == "read-only" and modes["delete_kb"] == "mutation"


def test_a_router_handed_the_name_is_read_for_that_name_only() -> None:
    # the effects of delete_kb's branch do not make search_kb a mutation
    report = analyze_source(SERVER, "server.py", Config())
    assert {t.name: t.mode for t in report.tools}["search_kb"] == "read-only"


FALLS_THROUGH = '''\
import json
import os

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("editor")
NAMES = ("editor_status", "editor_definition", "editor_rename")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name=name, description=name, inputSchema={"type": "object"})
        for name in NAMES
    ]


async def _dispatch_tool(name: str, arguments: dict) -> str:
    if name == "editor_definition":
        return json.dumps({"file": arguments["file"]})
    elif name == "editor_rename":
        os.rename(arguments["file"], arguments["to"])
        return "renamed"
    raise ValueError(name)


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name == "editor_status":
        return [types.TextContent(type="text", text="connected")]
    return [types.TextContent(type="text", text=await _dispatch_tool(name, arguments))]
'''


def test_a_name_no_branch_takes_falls_through_to_a_helper_that_branches() -> None:
    """The call handler branches on one name itself and hands every other name, with
    the arguments, to a helper: the helper's branches are tools of the server too."""
    report = analyze_source(FALLS_THROUGH, "server.py", Config())
    modes = {t.name: t.mode for t in report.tools}
    assert modes == {
        "editor_status": "read-only", "editor_definition": "read-only", "editor_rename": "mutation",
    }


FAMILIES = '''\
import json
import sys

from .debugger import DebugClient
from . import sessions

DEBUGGER = DebugClient()
TOOLS = [
    {"name": "project_status", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "debug_stack", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "debug_continue", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "session_list", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "session_stop", "inputSchema": {"type": "object", "properties": {}}},
]


def handle_tool_call(name: str, arguments: dict) -> dict:
    if name == "project_status":
        return {"ok": True}
    elif name.startswith("debug_"):
        DEBUGGER.connect()
        if name == "debug_stack":
            return {"frames": DEBUGGER.stack(arguments.get("thread", 1))}
        elif name == "debug_continue":
            DEBUGGER.resume(arguments.get("thread", 1))
            return {"resumed": True}
    elif name.startswith("session_"):
        return sessions.call(name, arguments)
    return {"error": f"unknown tool {name}"}


def handle_request(message: dict) -> dict:
    method = message.get("method")
    params = message.get("params", {})
    if method == "tools/list":
        return {"jsonrpc": "2.0", "id": message.get("id"), "result": {"tools": TOOLS}}
    if method == "tools/call":
        tool_name = params.get("name", "")
        arguments = params.get("arguments", {})
        return {"jsonrpc": "2.0", "id": message.get("id"),
                "result": handle_tool_call(tool_name, arguments)}
    return {"jsonrpc": "2.0", "id": message.get("id"), "error": {"code": -32601}}


def main() -> None:
    for line in sys.stdin:
        print(json.dumps(handle_request(json.loads(line))), flush=True)
'''

SESSIONS = '''\
RUNNING: dict[str, object] = {}


def call(name: str, arguments: dict) -> dict:
    if name == "session_list":
        return {"sessions": sorted(RUNNING)}
    if name == "session_stop":
        RUNNING.pop(arguments["session_id"], None)
        return {"stopped": True}
    raise KeyError(name)
'''


def test_names_a_family_guard_branches_on_again_are_tools(tmp_path: Path) -> None:
    """`elif name.startswith("debug_"):` branching on the name inside, and a family
    handed to a helper in another module that branches on it: every name is a tool."""
    package = tmp_path / "editor_bridge"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "server.py").write_text(FAMILIES)
    (package / "sessions.py").write_text(SESSIONS)
    (package / "debugger.py").write_text(
        "class DebugClient:\n    def connect(self) -> None: ...\n"
        "    def stack(self, thread: int) -> list: ...\n"
        "    def resume(self, thread: int) -> None: ...\n"
    )
    path = package / "server.py"
    report = analyze_source(path.read_text(), str(path), Config())
    assert sorted(t.name for t in report.tools) == [
        "debug_continue", "debug_stack", "project_status", "session_list", "session_stop"
    ]


JSON_RPC_SERVER = '''\
"""A server written without a framework: its own JSON-RPC loop over stdio."""
import json
import sys

TOOLS = [{"name": "kit_search", "inputSchema": {"type": "object", "properties": {}}}]


def handle_initialize(params: dict) -> dict:
    return {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}}}


def handle_list_tools(params: dict) -> dict:
    return {"tools": TOOLS}


def handle_call_tool(params: dict) -> dict:
    return {"content": [{"type": "text", "text": str(params.get("arguments"))}]}


def process_request(request: dict) -> dict | None:
    handlers = {
        "initialize": handle_initialize,
        "tools/list": handle_list_tools,
        "tools/call": handle_call_tool,
        "notifications/initialized": lambda p: None,
        "ping": lambda p: {},
    }
    handler = handlers.get(request.get("method", ""))
    if handler is None:
        return {"error": {"code": -32601}}
    return {"result": handler(request.get("params", {}))}


def main() -> None:
    for line in sys.stdin:
        print(json.dumps(process_request(json.loads(line))), flush=True)
'''


def test_a_table_of_the_protocols_methods_is_no_table_of_tools() -> None:
    """`{"initialize": ..., "tools/call": ...}` maps the protocol's own methods, the
    request dispatch of a hand-written JSON-RPC server: none of them is a tool."""
    report = analyze_source(JSON_RPC_SERVER, "server.py", Config())
    assert [t.name for t in report.tools] == []
    assert report.diagnostics == ()


BRANCHES_IN_A_TRY = '''\
from typing import Any

import httpx
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("papers")
SCHEMA = {"type": "object", "properties": {"paper_id": {"type": "string"}}}


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name="search_papers", inputSchema=SCHEMA),
        types.Tool(name="get_abstract", inputSchema=SCHEMA),
        types.Tool(name="save_note", inputSchema=SCHEMA),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any] | None) -> list[types.TextContent]:
    if name == "search_papers":
        return [types.TextContent(type="text", text="[]")]
    paper_id = (arguments or {})["paper_id"]
    try:
        if name == "get_abstract":
            text = httpx.get(f"https://papers.example/{paper_id}").text
        elif name == "save_note":
            httpx.post(f"https://papers.example/{paper_id}/notes", json=arguments)
            text = "saved"
        else:
            raise ValueError(f"Unknown tool: {name}")
        return [types.TextContent(type="text", text=text)]
    except httpx.HTTPError as exc:
        return [types.TextContent(type="text", text=str(exc))]
'''


def test_branches_after_the_first_inside_a_try_are_tools() -> None:
    """The first name is answered at the top, the others in an `if`/`elif` chain inside
    the `try` that follows: each branch is a tool, with what it does."""
    report = analyze_source(BRANCHES_IN_A_TRY, "server.py", Config())
    modes = {t.name: t.mode for t in report.tools}
    assert modes == {
        "search_papers": "read-only", "get_abstract": "read-only", "save_note": "mutation",
    }
