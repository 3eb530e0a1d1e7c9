"""End to end: real MCP SDK servers and the SDK's own in-process client.

Runs against whichever SDK major is installed: FastMCP (mcp 1.x) or MCPServer
(mcp 2.x), and the low-level server of each with a ToolPolicy dispatcher. Skipped when
mcp is not installed; `.ci/e2e-mcp` runs it once per major and fails if it skipped.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("mcp")
pydantic = pytest.importorskip("pydantic")

import mcp.types as types  # noqa: E402
from mcp.types import ToolAnnotations  # noqa: E402
from sdk_client import MAJOR, call  # noqa: E402

from toolargs.runtime import MissingParam, ToolPolicy, enforce_policy  # noqa: E402

if MAJOR == 2:
    from mcp.server.lowlevel import Server
    from mcp.server.mcpserver import MCPServer as FrameworkServer
else:
    from mcp.server.fastmcp import FastMCP as FrameworkServer  # type: ignore[no-redef]
    from mcp.server.lowlevel import Server

READ_ONLY = ToolAnnotations(readOnlyHint=True)


class Summary(pydantic.BaseModel):
    """A result type whose output schema is closed to extra keys."""

    model_config = pydantic.ConfigDict(extra="forbid")
    count: int


@pytest.fixture(autouse=True)
def lenient_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLARGS_STRICT_ARGS", raising=False)


Calls = list[tuple[str, dict[str, Any]]]


def framework_server(calls: Calls) -> Any:
    """A server with tools registered before and after enforce_policy."""
    server = FrameworkServer("e2e")

    @server.tool(annotations=READ_ONLY)
    def search(query: str, max_results: int = 20) -> dict[str, Any]:
        calls.append(("search", {"query": query, "max_results": max_results}))
        return {"query": query, "max_results": max_results}

    enforce_policy(server)

    @server.tool(annotations=READ_ONLY)
    def grep(pattern: str, max_matches: int = 10) -> dict[str, Any]:
        calls.append(("grep", {"pattern": pattern, "max_matches": max_matches}))
        return {"pattern": pattern, "max_matches": max_matches}

    @server.tool(annotations=READ_ONLY, structured_output=False)
    def outline(path: str) -> str:
        calls.append(("outline", {"path": path}))
        return f"outline of {path}"

    @server.tool()
    def replace_lines(path: str, start: int, text: str) -> str:
        calls.append(("replace_lines", {"path": path, "start": start, "text": text}))
        return "replaced"

    @server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))
    def write_note(text: str) -> str:
        calls.append(("write_note", {"text": text}))
        return "written"

    @server.tool(annotations=READ_ONLY)
    def count(query: str) -> Summary:
        calls.append(("count", {"query": query}))
        return Summary(count=len(query))

    return server


@pytest.fixture
def calls() -> Calls:
    return []


@pytest.fixture
def server(calls: Calls) -> Any:
    return framework_server(calls)


# -- framework servers: FastMCP (1.x) / MCPServer (2.x) ---------------------------------


def test_alias_honoured_and_unknown_keys_reported(server: Any, calls: Calls) -> None:
    reply = call(server, "search", {"query": "x", "limit": 3, "banana": 1})
    assert not reply.is_error
    assert calls == [("search", {"query": "x", "max_results": 3})]
    assert reply.structured == {"query": "x", "max_results": 3, "unknown_args": ["banana"]}
    # Clients reading only the content see it too: one more text block (docs/runtime.md).
    assert json.loads(reply.texts[-1]) == {"unknown_args": ["banana"]}


def test_canonical_wins_and_clean_call_has_no_unknown_args(server: Any, calls: Calls) -> None:
    reply = call(server, "search", {"query": "x", "max_results": 5, "limit": 99})
    assert calls == [("search", {"query": "x", "max_results": 5})]
    assert not reply.is_error
    assert not reply.mentions_unknown_args()


def test_tool_registered_after_enforcement_is_covered(server: Any, calls: Calls) -> None:
    reply = call(server, "grep", {"pattern": "p", "top_k": 2, "flags": "i", "_meta_x": 1})
    assert calls == [("grep", {"pattern": "p", "max_matches": 2})]
    assert reply.structured["unknown_args"] == ["flags"]


def test_unstructured_result_gets_a_text_block(server: Any, calls: Calls) -> None:
    reply = call(server, "outline", {"path": "a.py", "depth": 2})
    assert calls == [("outline", {"path": "a.py"})]
    assert reply.texts[0] == "outline of a.py"
    assert json.loads(reply.texts[-1]) == {"unknown_args": ["depth"]}


def test_closed_output_schema_gets_a_text_block(server: Any, calls: Calls) -> None:
    reply = call(server, "count", {"query": "abc", "banana": 1})
    assert not reply.is_error, reply.text
    assert reply.structured == {"count": 3}
    assert json.loads(reply.texts[-1]) == {"unknown_args": ["banana"]}


@pytest.mark.parametrize("tool", ["replace_lines", "write_note"])
def test_mutation_with_unknown_key_is_rejected_before_running(
    server: Any, calls: Calls, tool: str
) -> None:
    arguments = {"path": "a.py", "start": 1, "text": "t", "dry_run": True}
    if tool == "write_note":
        arguments = {"text": "t", "dry_run": True}
    reply = call(server, tool, arguments)
    assert reply.is_error
    assert "unknown arg: dry_run" in reply.text
    assert calls == []


def test_mutation_clean_call_runs(server: Any, calls: Calls) -> None:
    reply = call(server, "replace_lines", {"path": "a.py", "start": 1, "text": "t"})
    assert not reply.is_error
    assert calls == [("replace_lines", {"path": "a.py", "start": 1, "text": "t"})]


def test_strict_env_rejects_read_only(
    server: Any, calls: Calls, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "1")
    reply = call(server, "search", {"query": "x", "banana": 1})
    assert reply.is_error and "unknown arg: banana" in reply.text
    assert calls == []


def test_enforcing_twice_changes_nothing(server: Any, calls: Calls) -> None:
    assert enforce_policy(server) is server
    reply = call(server, "outline", {"path": "a.py", "depth": 2})
    assert reply.texts == ["outline of a.py", json.dumps({"unknown_args": ["depth"]})]


def test_without_enforcement_the_sdk_drops_keys(calls: Calls) -> None:
    """The gap enforce_policy closes: if this starts failing, the SDK changed."""
    server = FrameworkServer("plain")

    @server.tool(annotations=READ_ONLY)
    def search(query: str, max_results: int = 20) -> dict[str, Any]:
        calls.append(("search", {"query": query, "max_results": max_results}))
        return {"query": query, "max_results": max_results}

    reply = call(server, "search", {"query": "x", "limit": 3, "banana": 1})
    assert calls == [("search", {"query": "x", "max_results": 20})]
    assert not reply.mentions_unknown_args()


# -- low-level servers with a ToolPolicy dispatcher -------------------------------------

TOOLS = [
    types.Tool(
        name="search",
        description="Search the index.",
        inputSchema={
            "type": "object",
            "properties": {"query": {"type": "string"}, "max_results": {"type": "integer"}},
            "required": ["query"],
        },
        annotations=READ_ONLY,
    ),
    types.Tool(
        name="replace_lines",
        description="Replace lines of a file.",
        inputSchema={
            "type": "object",
            "properties": {"path": {"type": "string"}, "text": {"type": "string"}},
        },
    ),
]
POLICY = ToolPolicy.from_tools(TOOLS)


def run_tool(calls: Calls, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """The dispatcher body shared by both majors: resolve once, then branch."""
    resolution = POLICY.resolve(name, arguments)
    args = resolution.arguments
    if name == "search":
        calls.append((name, args))
        payload = {"query": args["query"], "max_results": args.get("max_results", 20)}
        return resolution.with_unknown_args(payload)
    calls.append((name, args))
    return {"replaced": args["path"]}


def lowlevel_server(calls: Calls) -> Any:
    if MAJOR == 2:

        async def list_tools(ctx: Any, params: Any) -> Any:
            return types.ListToolsResult(tools=TOOLS)

        async def call_tool(ctx: Any, params: Any) -> Any:
            try:
                payload = run_tool(calls, params.name, params.arguments or {})
            except MissingParam as exc:
                return types.CallToolResult(
                    content=[types.TextContent(type="text", text=str(exc))], is_error=True
                )
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=json.dumps(payload))],
                structured_content=payload,
            )

        return Server("lowlevel", on_list_tools=list_tools, on_call_tool=call_tool)

    server = Server("lowlevel")

    @server.list_tools()  # type: ignore[untyped-decorator]
    async def list_tools_v1() -> list[types.Tool]:
        return TOOLS

    @server.call_tool()  # type: ignore[untyped-decorator]
    async def call_tool_v1(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return run_tool(calls, name, arguments)

    return server


def test_lowlevel_alias_and_unknown_args(calls: Calls) -> None:
    reply = call(lowlevel_server(calls), "search", {"query": "x", "limit": 3, "banana": 1})
    assert calls == [("search", {"query": "x", "max_results": 3})]
    assert reply.structured == {"query": "x", "max_results": 3, "unknown_args": ["banana"]}


def test_lowlevel_canonical_wins(calls: Calls) -> None:
    reply = call(lowlevel_server(calls), "search", {"query": "x", "max_results": 5, "limit": 99})
    assert reply.structured == {"query": "x", "max_results": 5}


def test_lowlevel_mutation_rejected(calls: Calls) -> None:
    reply = call(lowlevel_server(calls), "replace_lines", {"path": "a", "text": "", "force": 1})
    assert reply.is_error and "unknown arg: force" in reply.text
    assert calls == []


# -- what each SDK does with an unknown key, without the policy (the behaviour model) ----

if MAJOR == 1:
    from importlib.metadata import version

    from packaging.version import Version

    # Input validation of the low-level server arrived in mcp 1.10.
    LOWLEVEL_VALIDATES = Version(version("mcp")) >= Version("1.10")
else:
    LOWLEVEL_VALIDATES = False  # mcp 2.x's low-level server hands arguments over as sent


class Query(pydantic.BaseModel):
    q: str


class StrictQuery(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid")
    q: str


OPEN = {"type": "object", "properties": {"q": {"type": "string"}}}
CLOSED = {**OPEN, "additionalProperties": False}
BEHAVIOUR_TOOLS = [
    types.Tool(name="closed", inputSchema=CLOSED),
    types.Tool(name="open", inputSchema=OPEN),
    types.Tool(name="model", inputSchema=OPEN),
    types.Tool(name="forbid", inputSchema=OPEN),
]


def behaviour_server(calls: Calls) -> Any:
    """A low-level server whose handler shows what reached it."""

    def handle(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        if name == "model":
            arguments = Query(**arguments).model_dump()
        elif name == "forbid":
            arguments = StrictQuery(**arguments).model_dump()
        calls.append((name, arguments))
        return {"seen": arguments}

    if MAJOR == 2:

        async def list_tools(ctx: Any, params: Any) -> Any:
            return types.ListToolsResult(tools=BEHAVIOUR_TOOLS)

        async def call_tool(ctx: Any, params: Any) -> Any:
            try:
                payload = handle(params.name, params.arguments or {})
            except pydantic.ValidationError as exc:
                return types.CallToolResult(
                    content=[types.TextContent(type="text", text=str(exc))], is_error=True
                )
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=json.dumps(payload))],
                structured_content=payload,
            )

        return Server("behaviour", on_list_tools=list_tools, on_call_tool=call_tool)

    server = Server("behaviour")

    @server.list_tools()  # type: ignore[untyped-decorator]
    async def list_tools_v1() -> list[types.Tool]:
        return BEHAVIOUR_TOOLS

    @server.call_tool()  # type: ignore[untyped-decorator]
    async def call_tool_v1(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return handle(name, arguments)

    return server


def test_lowlevel_closed_schema(calls: Calls) -> None:
    """1.x (from 1.10) validates against inputSchema before the handler; 2.x does not."""
    reply = call(behaviour_server(calls), "closed", {"q": "x", "bogus": 1})
    if LOWLEVEL_VALIDATES:
        assert reply.is_error
        assert reply.text == (
            "Input validation error: Additional properties are not allowed "
            "('bogus' was unexpected)"
        )
        assert calls == []
    else:
        assert not reply.is_error
        assert calls == [("closed", {"q": "x", "bogus": 1})]


def test_lowlevel_open_schema_hands_the_key_to_the_handler(calls: Calls) -> None:
    reply = call(behaviour_server(calls), "open", {"q": "x", "bogus": 1})
    assert not reply.is_error
    assert calls == [("open", {"q": "x", "bogus": 1})]


def test_model_of_the_arguments_drops_unless_it_forbids_extras(calls: Calls) -> None:
    server = behaviour_server(calls)
    assert not call(server, "model", {"q": "x", "bogus": 1}).is_error
    assert calls == [("model", {"q": "x"})]
    rejected = call(server, "forbid", {"q": "x", "bogus": 1})
    assert rejected.is_error and "Extra inputs are not permitted" in rejected.text
    assert len(calls) == 1


def test_tool_added_to_the_tool_manager_directly_drops_keys(calls: Calls) -> None:
    server = FrameworkServer("manager")

    def lookup(query: str) -> str:
        calls.append(("lookup", {"query": query}))
        return f"found {query}"

    server._tool_manager.add_tool(lookup)
    reply = call(server, "lookup", {"query": "x", "bogus": 1})
    assert not reply.is_error and reply.texts[0] == "found x"
    assert calls == [("lookup", {"query": "x"})]


def test_tool_object_written_into_the_tool_manager_drops_keys(calls: Calls) -> None:
    """A project's `Tool` subclass wrapping a tool class's `apply`, written into the
    server's tool manager by hand (`mcp._tool_manager._tools[name] = ...`): the SDK
    validates against the wrapped signature and drops the unknown key."""
    if MAJOR == 2:
        from mcp.server.mcpserver.tools.base import Tool as SDKTool
        from mcp.server.mcpserver.utilities.func_metadata import func_metadata
    else:
        from mcp.server.fastmcp.tools.base import Tool as SDKTool  # type: ignore[no-redef]
        from mcp.server.fastmcp.utilities.func_metadata import (  # type: ignore[no-redef]
            func_metadata,
        )

    class ReplaceTool:
        def apply(self, path: str, text: str) -> str:
            calls.append(("replace", {"path": path, "text": text}))
            return "replaced"

    class Wrapped(SDKTool):  # type: ignore[misc]
        def __init__(self, tool: ReplaceTool) -> None:
            metadata = func_metadata(tool.apply)
            super().__init__(
                fn=tool.apply,
                name="replace",
                description="Replaces a file's text.",
                parameters=metadata.arg_model.model_json_schema(),
                fn_metadata=metadata,
                is_async=False,
            )

    server = FrameworkServer("manager")
    server._tool_manager._tools["replace"] = Wrapped(ReplaceTool())
    reply = call(server, "replace", {"path": "a.txt", "text": "x", "bogus": 1})
    assert not reply.is_error and reply.texts[0] == "replaced"
    assert calls == [("replace", {"path": "a.txt", "text": "x"})]
