"""End to end: `enforce_policy(server)` on the SDK's low-level `Server`, through the SDK's
own in-process client, on whichever major is installed (`.ci/e2e-mcp` runs it on both).

The servers are written the way each major writes a low-level server: mcp 1.x with the
`@server.list_tools()` / `@server.call_tool()` decorators (whose call handler validates
the arguments against the input schema before the function), mcp 2.x with `on_list_tools`
/ `on_call_tool` (no validation). Every handler records the arguments it was given, so a
test can tell what reached the server's code, and whether anything did.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

pytest.importorskip("mcp")

import anyio  # noqa: E402
import mcp.types as types  # noqa: E402
from mcp.server.lowlevel import Server  # noqa: E402
from mcp.types import ToolAnnotations  # noqa: E402
from sdk_client import MAJOR, Reply, call, connect  # noqa: E402

from toolargs.runtime import enforce_policy  # noqa: E402

Calls = list[tuple[str, dict[str, Any]]]

READ_ONLY = ToolAnnotations(readOnlyHint=True)
DESTRUCTIVE = ToolAnnotations(readOnlyHint=False, destructiveHint=True)


def tool(name: str, properties: dict[str, Any], annotations: Any, **schema: Any) -> types.Tool:
    return types.Tool(
        name=name,
        description=f"The {name} tool.",
        inputSchema={"type": "object", "properties": properties, **schema},
        annotations=annotations,
    )


def listed_tools() -> list[types.Tool]:
    """What the server's list handler returns; a test may change it while it runs."""
    return [
        tool(
            "search",
            {"query": {"type": "string"}, "max_results": {"type": "integer"}},
            READ_ONLY,
            required=["query"],
        ),
        tool("lookup", {"key": {"type": "string"}}, READ_ONLY, additionalProperties=False),
        tool("outline", {"path": {"type": "string"}}, READ_ONLY),
        tool(
            "replace_lines",
            {"path": {"type": "string"}, "start": {"type": "integer"}, "text": {"type": "string"}},
            DESTRUCTIVE,
        ),
    ]


def handle(calls: Calls, name: str, arguments: dict[str, Any]) -> Any:
    """The server's code: records what it was given, answers a dict or content blocks."""
    calls.append((name, dict(arguments)))
    if name == "search":
        return {"query": arguments["query"], "max_results": arguments.get("max_results", 20)}
    if name == "lookup":
        return {"key": arguments["key"], "value": f"value of {arguments['key']}"}
    if name == "outline":
        return [types.TextContent(type="text", text=f"outline of {arguments['path']}")]
    if name == "replace_lines":
        return {"replaced": arguments["path"]}
    if name == "grep":
        return {"pattern": arguments["pattern"], "max_matches": arguments.get("max_matches", 10)}
    if name == "hidden":
        return {"seen": sorted(arguments)}
    raise ValueError(f"unknown tool: {name}")


def lowlevel_server(
    calls: Calls, tools: list[types.Tool], *, enforce: bool = True, enforce_first: bool = False
) -> Any:
    """A low-level server of the installed major; `enforce_first` applies enforce_policy
    to the bare server, before any handler is registered (the one line `fix` writes)."""
    if MAJOR == 2:

        async def list_tools(ctx: Any, params: Any) -> Any:
            return types.ListToolsResult(tools=list(tools))

        async def call_tool(ctx: Any, params: Any) -> Any:
            try:
                payload = handle(calls, params.name, params.arguments or {})
            except (KeyError, ValueError) as error:
                text = types.TextContent(type="text", text=str(error))
                return types.CallToolResult(content=[text], is_error=True)
            if isinstance(payload, list):
                return types.CallToolResult(content=payload)
            text = types.TextContent(type="text", text=json.dumps(payload))
            return types.CallToolResult(content=[text], structured_content=payload)

        if enforce_first:
            server = enforce_policy(Server("lowlevel-e2e"))
            server.add_request_handler("tools/list", types.PaginatedRequestParams, list_tools)
            server.add_request_handler("tools/call", types.CallToolRequestParams, call_tool)
            return server
        server = Server("lowlevel-e2e", on_list_tools=list_tools, on_call_tool=call_tool)
        return enforce_policy(server) if enforce else server

    server = Server("lowlevel-e2e")
    if enforce_first:
        enforce_policy(server)

    @server.list_tools()  # type: ignore[untyped-decorator]
    async def list_tools_v1() -> list[types.Tool]:
        return list(tools)

    @server.call_tool()  # type: ignore[untyped-decorator]
    async def call_tool_v1(name: str, arguments: dict[str, Any]) -> Any:
        return handle(calls, name, arguments)

    return enforce_policy(server) if enforce and not enforce_first else server


@pytest.fixture(autouse=True)
def lenient_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLARGS_STRICT_ARGS", raising=False)


@pytest.fixture
def calls() -> Calls:
    return []


@pytest.fixture(params=["enforced after registration", "enforced first"])
def server(request: pytest.FixtureRequest, calls: Calls) -> Any:
    return lowlevel_server(calls, listed_tools(), enforce_first=request.param == "enforced first")


def unknown_args_block(reply: Reply) -> Any:
    return json.loads(reply.texts[-1])


# -- read-only tools: lenient and visible ------------------------------------------------


def test_read_only_unknown_key_is_reported(server: Any, calls: Calls) -> None:
    reply = call(server, "search", {"query": "x", "banana": 1})
    assert not reply.is_error, reply.text
    assert calls == [("search", {"query": "x"})]
    assert reply.structured == {"query": "x", "max_results": 20, "unknown_args": ["banana"]}
    # Clients reading only the content see it too: one more text block (docs/runtime.md).
    assert unknown_args_block(reply) == {"unknown_args": ["banana"]}


def test_alias_fills_the_limit_field_and_the_unknown_key_is_still_reported(
    server: Any, calls: Calls
) -> None:
    reply = call(server, "search", {"query": "x", "limit": 3, "banana": 1})
    assert calls == [("search", {"query": "x", "max_results": 3})]
    assert reply.structured == {"query": "x", "max_results": 3, "unknown_args": ["banana"]}


def test_canonical_limit_wins_over_its_alias(server: Any, calls: Calls) -> None:
    reply = call(server, "search", {"query": "x", "max_results": 5, "limit": 99, "top_k": 7})
    assert calls == [("search", {"query": "x", "max_results": 5})]
    assert reply.structured == {"query": "x", "max_results": 5}
    assert not reply.mentions_unknown_args()


def test_closed_schema_read_only_tool_reports_instead_of_failing(
    server: Any, calls: Calls
) -> None:
    """`additionalProperties: false`: mcp 1.x would refuse the call before the function
    (test_lowlevel_closed_schema in test_mcp_servers.py); the key is taken out first."""
    reply = call(server, "lookup", {"key": "a", "banana": 1, "_trace": "t1"})
    assert not reply.is_error, reply.text
    # `_` metadata is never unknown; the closed schema admits nothing else, so it stays out.
    assert calls == [("lookup", {"key": "a"})]
    assert reply.structured == {"key": "a", "value": "value of a", "unknown_args": ["banana"]}


def test_closed_schema_without_enforcement(calls: Calls) -> None:
    """What enforce_policy changes: 1.x refuses the read-only call, 2.x hands the key on."""
    plain = lowlevel_server(calls, listed_tools(), enforce=False)
    reply = call(plain, "lookup", {"key": "a", "banana": 1})
    if MAJOR == 1:
        assert reply.is_error and "Additional properties are not allowed" in reply.text
        assert calls == []
    else:
        assert calls == [("lookup", {"key": "a", "banana": 1})]
        assert not reply.mentions_unknown_args()


def test_metadata_keys_reach_an_open_schema_tool_unreported(server: Any, calls: Calls) -> None:
    reply = call(server, "search", {"query": "x", "_trace": "t1"})
    assert calls == [("search", {"query": "x", "_trace": "t1"})]
    assert not reply.mentions_unknown_args()


def test_content_blocks_get_one_more_text_block(server: Any, calls: Calls) -> None:
    reply = call(server, "outline", {"path": "a.py", "depth": 2})
    assert calls == [("outline", {"path": "a.py"})]
    assert reply.texts == ["outline of a.py", json.dumps({"unknown_args": ["depth"]})]
    assert reply.structured is None


def test_strict_env_rejects_read_only_unknown_keys(
    server: Any, calls: Calls, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "1")
    reply = call(server, "search", {"query": "x", "banana": 1})
    assert reply.is_error and reply.text == "unknown arg: banana"
    assert calls == []


# -- mutation tools: strict, before the handler -------------------------------------------


def test_mutation_unknown_key_is_refused_before_the_handler(server: Any, calls: Calls) -> None:
    arguments = {"path": "a.py", "start": 1, "text": "t", "dry_run": True, "force": 1}
    reply = call(server, "replace_lines", arguments)
    assert reply.is_error
    assert reply.text == "unknown arg: dry_run"
    assert calls == []  # the server's code never ran


def test_mutation_clean_call_runs(server: Any, calls: Calls) -> None:
    reply = call(server, "replace_lines", {"path": "a.py", "start": 1, "text": "t"})
    assert not reply.is_error
    assert calls == [("replace_lines", {"path": "a.py", "start": 1, "text": "t"})]
    assert reply.structured == {"replaced": "a.py"}


# -- a clean call, idempotence ------------------------------------------------------------

CLEAN_CALLS = [
    ("search", {"query": "x", "max_results": 2}),
    ("lookup", {"key": "a"}),
    ("outline", {"path": "a.py"}),
    ("replace_lines", {"path": "a.py", "start": 1, "text": "t"}),
]


@pytest.mark.parametrize(("name", "arguments"), CLEAN_CALLS)
def test_clean_call_is_answered_exactly_as_without_enforcement(
    name: str, arguments: dict[str, Any]
) -> None:
    plain_calls: Calls = []
    enforced_calls: Calls = []
    plain = call(lowlevel_server(plain_calls, listed_tools(), enforce=False), name, arguments)
    enforced = call(lowlevel_server(enforced_calls, listed_tools()), name, arguments)
    assert enforced == plain
    assert enforced_calls == plain_calls == [(name, arguments)]


def call_handler(server: Any) -> Any:
    if MAJOR == 2:
        return server.get_request_handler("tools/call").handler
    return server.request_handlers[types.CallToolRequest]


def test_enforcing_twice_changes_nothing(server: Any, calls: Calls) -> None:
    handler = call_handler(server)
    assert enforce_policy(server) is server
    assert call_handler(server) is handler
    reply = call(server, "outline", {"path": "a.py", "depth": 2})
    assert reply.texts == ["outline of a.py", json.dumps({"unknown_args": ["depth"]})]
    assert calls == [("outline", {"path": "a.py"})]


# -- the tool list: learned from the server, followed when it changes ----------------------


def grep_tool() -> types.Tool:
    return tool("grep", {"pattern": {"type": "string"}, "max_matches": {"type": "integer"}}, READ_ONLY)


def test_tool_listed_later_is_covered(calls: Calls) -> None:
    tools = listed_tools()
    server = lowlevel_server(calls, tools)
    assert not call(server, "search", {"query": "x"}).mentions_unknown_args()
    tools.append(grep_tool())  # the server lists one more tool from now on
    reply = call(server, "grep", {"pattern": "p", "top_k": 2, "flags": "i"})
    assert calls[-1] == ("grep", {"pattern": "p", "max_matches": 2})
    assert reply.structured == {"pattern": "p", "max_matches": 2, "unknown_args": ["flags"]}


def test_a_changed_schema_applies_once_the_server_lists_it(calls: Calls) -> None:
    tools = listed_tools()
    server = lowlevel_server(calls, tools)
    assert call(server, "replace_lines", {"path": "a", "dry_run": True}).is_error
    tools[3] = tool(
        "replace_lines", {"path": {"type": "string"}, "dry_run": {"type": "boolean"}}, DESTRUCTIVE
    )

    async def list_then_call(client: Any) -> Any:
        await client.list_tools()
        return await client.call_tool("replace_lines", {"path": "a", "dry_run": True})

    result = in_session(server, list_then_call)
    assert not (result.is_error if MAJOR == 2 else result.isError)
    assert calls == [("replace_lines", {"path": "a", "dry_run": True})]


def test_tool_not_listed_is_handed_on_untouched(server: Any, calls: Calls) -> None:
    reply = call(server, "hidden", {"x": 1, "banana": 2})
    assert calls == [("hidden", {"x": 1, "banana": 2})]
    assert reply.structured == {"seen": ["banana", "x"]}


def in_session(server: Any, steps: Callable[[Any], Awaitable[Any]]) -> Any:
    async def run() -> Any:
        async with connect(server) as client:
            return await steps(client)

    return anyio.run(run)


def paginated_server(calls: Calls, tools: list[types.Tool], fail: bool = False) -> Any:
    """A server whose list handler answers two tools a page (or fails, with `fail`)."""

    def page(cursor: str | None) -> tuple[list[types.Tool], str | None]:
        if fail:
            raise RuntimeError("the tool registry is down")
        start = int(cursor or 0)
        more = str(start + 2) if start + 2 < len(tools) else None
        return tools[start : start + 2], more

    if MAJOR == 2:

        async def list_tools(ctx: Any, params: Any) -> Any:
            listed, more = page(params.cursor if params is not None else None)
            return types.ListToolsResult(tools=listed, next_cursor=more)

        async def call_tool(ctx: Any, params: Any) -> Any:
            payload = handle(calls, params.name, params.arguments or {})
            text = types.TextContent(type="text", text=json.dumps(payload))
            return types.CallToolResult(content=[text], structured_content=payload)

        server = Server("paginated", on_list_tools=list_tools, on_call_tool=call_tool)
        return enforce_policy(server)

    server = enforce_policy(Server("paginated"))

    @server.list_tools()  # type: ignore[untyped-decorator]
    async def list_tools_v1(request: types.ListToolsRequest) -> types.ListToolsResult:
        params = request.params if request is not None else None  # the SDK passes None
        listed, more = page(params.cursor if params is not None else None)
        return types.ListToolsResult(tools=listed, nextCursor=more)

    @server.call_tool()  # type: ignore[untyped-decorator]
    async def call_tool_v1(name: str, arguments: dict[str, Any]) -> Any:
        return handle(calls, name, arguments)

    return server


def test_every_page_of_the_tool_list_is_learned(calls: Calls) -> None:
    server = paginated_server(calls, listed_tools())
    refused = call(server, "replace_lines", {"path": "a", "dry_run": True})  # second page
    assert refused.is_error and refused.text == "unknown arg: dry_run"
    assert calls == []
    reply = call(server, "search", {"query": "x", "limit": 1, "banana": 1})  # first page
    assert reply.structured == {"query": "x", "max_results": 1, "unknown_args": ["banana"]}


def test_a_tool_list_that_cannot_be_read_fails_the_call_before_the_handler(
    calls: Calls,
) -> None:
    reply = call(paginated_server(calls, listed_tools(), fail=True), "search", {"query": "x"})
    assert reply.is_error
    assert reply.text == (
        "the tool list could not be read to check this call: the tool registry is down"
    )
    assert calls == []


if MAJOR == 2:  # a mcp 2.x handler may answer with the wire form of its result

    def test_a_wire_dict_answer_gets_the_block_and_the_key(calls: Calls) -> None:
        async def list_tools(ctx: Any, params: Any) -> Any:
            return types.ListToolsResult(tools=listed_tools())

        async def call_tool(ctx: Any, params: Any) -> Any:
            payload = handle(calls, params.name, params.arguments or {})
            return {
                "content": [{"type": "text", "text": json.dumps(payload)}],
                "structuredContent": payload,
                "resultType": "complete",
            }

        server = enforce_policy(Server("wire", on_list_tools=list_tools, on_call_tool=call_tool))
        reply = call(server, "search", {"query": "x", "top_k": 4, "banana": 1})
        assert calls == [("search", {"query": "x", "max_results": 4})]
        assert reply.structured == {"query": "x", "max_results": 4, "unknown_args": ["banana"]}
        assert unknown_args_block(reply) == {"unknown_args": ["banana"]}
