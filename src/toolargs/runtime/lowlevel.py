"""`enforce_policy` for the MCP Python SDK's low-level `Server`, mcp 1.x and 2.x.

A low-level server answers every `tools/call` with one registered handler and
`tools/list` with another. In mcp 1.x the handler `@server.call_tool()` registers
validates the arguments against the tool's input schema (from 1.10) before it calls the
server's function, so `additionalProperties: false` refuses an unknown key even on a
read-only tool; mcp 2.x hands the arguments over as sent. Enforcement wraps the
registered call handler itself, so the policy runs first, ahead of that validation and
of the server's code: a read-only tool's limit alias fills its limit field and its
unknown keys are taken out and reported in its result; a mutation with an unknown key
gets the error result "unknown arg: <key>" and its code never runs.

Each tool's terms come from the server's own tool list, the answer of its registered
list handler: every `tools/list` it answers renews them (a whole list replaces them, a
page adds to them), and a call to a tool they do not hold lists the tools again first.
A tool still not listed is handed on untouched: the server's own code decides, as it
would without toolargs. Handlers registered after `enforce_policy` (through the 1.x
decorators or the 2.x `add_request_handler`) are wrapped too. `mcp` is imported only
when a server is enforced.
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from toolargs.runtime.helpers import (
    ENFORCED_MARK,
    MissingParam,
    attach_unknown_args,
    closed_to_extra_keys,
    unknown_args_block_text,
)
from toolargs.runtime.policy import (
    PolicyOptions,
    Resolution,
    ToolArgs,
    input_schema,
    output_schema,
)

__all__ = ["enforce_lowlevel_policy", "is_lowlevel_server"]

ServerT = TypeVar("ServerT")
Handler = Callable[..., Awaitable[Any]]
ListPage = Callable[[Any], Awaitable[Any]]  # cursor -> one answer of the list handler

_POLICY = "__toolargs_policy__"  # on an enforced server: its _ListedTools
_MAX_PAGES = 1000


def is_lowlevel_server(server: object) -> bool:
    """An SDK low-level `Server` of either major, a project subclass included. Before
    mcp 1.2 it lived in `mcp.server` itself (`from mcp.server import Server`), with the
    same `request_handlers` as 1.2 and later."""
    for module in ("mcp.server.lowlevel", "mcp.server"):
        try:
            found = getattr(importlib.import_module(module), "Server", None)
        except ImportError:
            continue
        if isinstance(found, type) and isinstance(server, found):
            return True
    return False


@dataclass(frozen=True)
class _Tool:
    """One listed tool: its terms, and whether its schemas are closed to extra keys."""

    terms: ToolArgs
    closed_input: bool  # nothing outside its properties may reach its code
    open_output: bool  # structured content may take the unknown_args key

    def handed_over(self, resolution: Resolution) -> dict[str, Any]:
        """The arguments the server's code gets: the resolution's, without `_` metadata
        when the input schema admits nothing outside its properties."""
        if not self.closed_input:
            return resolution.arguments
        return {
            key: value
            for key, value in resolution.arguments.items()
            if key in self.terms.known_args or not str(key).startswith("_")
        }


class _ListedTools:
    """The terms of every tool the server listed, renewed from each list it answers."""

    def __init__(self, options: PolicyOptions) -> None:
        self.options = options
        self.tools: dict[str, _Tool] = {}

    def learn(self, tools: Iterable[object], *, whole: bool) -> None:
        learned: dict[str, _Tool] = {}
        for tool in tools:
            terms = self.options.tool_terms(tool)
            if terms is None:  # not a tool; the SDK or the client says so
                continue
            learned[terms.name] = _Tool(
                terms,
                closed_to_extra_keys(input_schema(tool)),
                not closed_to_extra_keys(output_schema(tool)),
            )
        if whole:
            self.tools = learned
        else:
            self.tools.update(learned)

    def learn_answer(self, answer: object, cursor: object) -> None:
        """Learn from one answer of the list handler, to a request for `cursor`."""
        tools, next_cursor = _page(answer)
        if tools is not None:
            self.learn(tools, whole=cursor is None and next_cursor is None)

    async def lookup(self, name: str, list_page: ListPage) -> _Tool | None:
        """The tool's terms; a name not among them lists every page of tools first (so a
        tool that is served but never listed costs one listing per call)."""
        tool = self.tools.get(name)
        if tool is not None:
            return tool
        listed: list[object] = []
        cursor: object = None
        seen: set[str] = set()
        for _ in range(_MAX_PAGES):
            answer = await list_page(cursor)
            tools, cursor = _page(answer)
            listed.extend(tools or ())
            if cursor is None or str(cursor) in seen:
                break
            seen.add(str(cursor))
        self.learn(listed, whole=True)
        return self.tools.get(name)


def _page(answer: object) -> tuple[list[object] | None, object]:
    """The tools and the next cursor of one answer of a list handler, in any form."""
    answer = getattr(answer, "root", answer)  # mcp 1.x ServerResult
    if answer is None:
        return None, None
    if isinstance(answer, (list, tuple)):  # a 1.x function's own list of tools
        return list(answer), None
    if isinstance(answer, Mapping):  # a 2.x handler may answer with the wire dict
        tools, cursor = answer.get("tools"), answer.get("nextCursor")
    else:
        tools = getattr(answer, "tools", None)
        # 2.x keeps the 1.x name nextCursor as a deprecated alias: read it only on 1.x.
        spelling = "next_cursor" if hasattr(answer, "next_cursor") else "nextCursor"
        cursor = getattr(answer, spelling, None)
    return (list(tools) if isinstance(tools, (list, tuple)) else None), cursor or None


def _reported(result: Any, unknown: list[str], tool: _Tool, call_tool_result: type[Any]) -> Any:
    """The handler's result with `unknown_args` made visible, by the rule of
    `with_unknown_args`: one more text block, and the key in its structured content when
    the tool's output schema leaves room for it. Error results carry it too: the keys
    were unknown whatever the outcome, and the caller corrects a failed call first."""
    if not unknown:
        return result
    root = getattr(result, "root", None)  # mcp 1.x ServerResult(CallToolResult)
    if isinstance(root, call_tool_result):
        return type(result)(attach_unknown_args(root, unknown, structured=tool.open_output))
    if isinstance(result, call_tool_result):
        return attach_unknown_args(result, unknown, structured=tool.open_output)
    if isinstance(result, Mapping) and isinstance(result.get("content"), list):
        changed = dict(result)  # mcp 2.x: a handler may answer with the wire dict
        block = {"type": "text", "text": unknown_args_block_text(unknown)}
        changed["content"] = [*result["content"], block]
        structured = result.get("structuredContent")
        if tool.open_output and isinstance(structured, Mapping):
            changed["structuredContent"] = {**structured, "unknown_args": list(unknown)}
        return changed
    return result  # a task or an input request: the tool has not answered yet


class _Calls:
    """The policy at one server's call handler, for either major."""

    def __init__(self, listed: _ListedTools, error_result: Callable[[str], Any]) -> None:
        self.listed = listed
        self.error_result = error_result
        self.call_tool_result: type[Any] = importlib.import_module("mcp.types").CallToolResult

    async def call(
        self,
        params: Any,
        list_page: ListPage,
        forward: Callable[[Any], Awaitable[Any]],
    ) -> Any:
        """Apply the policy to one call; `forward(arguments or None)` runs the server's
        handler, with new arguments or (None) with the call as it came."""
        name = getattr(params, "name", None)
        if not isinstance(name, str):
            return await forward(None)
        try:
            tool = await self.listed.lookup(name, list_page)
        except Exception as error:  # noqa: BLE001 - the server's own list handler failed
            return self.error_result(f"the tool list could not be read to check this call: {error}")
        if tool is None:  # not listed: the server's own code decides, as without toolargs
            return await forward(None)
        arguments = getattr(params, "arguments", None) or {}
        try:
            resolution = tool.terms.resolve(arguments)
        except MissingParam as rejected:
            return self.error_result(str(rejected))
        handed = tool.handed_over(resolution)
        result = await forward(None if handed == arguments else handed)
        return _reported(result, resolution.unknown_args, tool, self.call_tool_result)


def _marked(handler: Handler) -> Handler:
    setattr(handler, ENFORCED_MARK, True)
    return handler


def _enforce_v1(server: Any, listed: _ListedTools) -> None:
    """mcp 1.x: handlers live in `server.request_handlers`, keyed by request class."""
    types = importlib.import_module("mcp.types")

    def error_result(text: str) -> Any:
        content = [types.TextContent(type="text", text=text)]
        return types.ServerResult(types.CallToolResult(content=content, isError=True))

    calls = _Calls(listed, error_result)

    async def list_page(cursor: object) -> Any:
        handler = server.request_handlers.get(types.ListToolsRequest)
        if handler is None:
            return None
        params = types.PaginatedRequestParams(cursor=cursor) if cursor is not None else None
        return await handler(types.ListToolsRequest(method="tools/list", params=params))

    def wrap_call(original: Handler) -> Handler:
        async def call_tool(req: Any) -> Any:
            params: Any = getattr(req, "params", None)

            async def forward(arguments: dict[str, Any] | None) -> Any:
                if arguments is None:
                    return await original(req)
                changed = params.model_copy(update={"arguments": arguments})
                return await original(req.model_copy(update={"params": changed}))

            return await calls.call(params, list_page, forward)

        return _marked(call_tool)

    def wrap_list(original: Handler) -> Handler:
        async def list_tools(req: Any) -> Any:
            answer = await original(req)
            listed.learn_answer(answer, getattr(getattr(req, "params", None), "cursor", None))
            return answer

        return _marked(list_tools)

    def install() -> None:
        handlers = server.request_handlers
        wrappers = ((types.CallToolRequest, wrap_call), (types.ListToolsRequest, wrap_list))
        for request, wrap in wrappers:
            handler = handlers.get(request)
            if handler is not None and not getattr(handler, ENFORCED_MARK, False):
                if request is types.ListToolsRequest:
                    listed.tools.clear()  # another list: what was learned no longer holds
                handlers[request] = wrap(handler)

    def registering(factory: Callable[..., Any]) -> Callable[..., Any]:
        # `@server.call_tool()` and `@server.list_tools()` after enforce_policy.
        def decorator_factory(*args: Any, **kwargs: Any) -> Any:
            decorator = factory(*args, **kwargs)

            def register(func: Any) -> Any:
                registered = decorator(func)
                install()
                return registered

            return register

        return decorator_factory

    install()
    server.call_tool = registering(server.call_tool)
    server.list_tools = registering(server.list_tools)


def _enforce_v2(server: Any, listed: _ListedTools) -> None:
    """mcp 2.x: handlers are `HandlerEntry(params_type, handler)` per method, given to the
    constructor or to `add_request_handler`, and called as `handler(ctx, params)`."""
    types = importlib.import_module("mcp.types")

    def error_result(text: str) -> Any:
        content = [types.TextContent(type="text", text=text)]
        return types.CallToolResult(content=content, is_error=True)

    calls = _Calls(listed, error_result)

    def list_page_for(ctx: Any) -> ListPage:
        async def list_page(cursor: object) -> Any:
            entry = server.get_request_handler("tools/list")
            if entry is None:
                return None
            params = entry.params_type.model_validate({} if cursor is None else {"cursor": cursor})
            return await entry.handler(ctx, params)  # the caller's context: its list

        return list_page

    def wrap_call(original: Handler) -> Handler:
        async def call_tool(ctx: Any, params: Any) -> Any:
            async def forward(arguments: dict[str, Any] | None) -> Any:
                if arguments is None:
                    return await original(ctx, params)
                return await original(ctx, params.model_copy(update={"arguments": arguments}))

            return await calls.call(params, list_page_for(ctx), forward)

        return _marked(call_tool)

    def wrap_list(original: Handler) -> Handler:
        async def list_tools(ctx: Any, params: Any) -> Any:
            answer = await original(ctx, params)
            listed.learn_answer(answer, getattr(params, "cursor", None))
            return answer

        return _marked(list_tools)

    add_request_handler: Callable[..., None] = server.add_request_handler
    wrappers = {"tools/call": wrap_call, "tools/list": wrap_list}

    def adding(method: str, params_type: Any, handler: Handler) -> None:
        wrap = wrappers.get(method)
        if wrap is not None and not getattr(handler, ENFORCED_MARK, False):
            if method == "tools/list":
                listed.tools.clear()  # another list: what was learned no longer holds
            handler = wrap(handler)
        add_request_handler(method, params_type, handler)

    for method in wrappers:
        entry = server.get_request_handler(method)
        if entry is not None:
            adding(method, entry.params_type, entry.handler)
    server.add_request_handler = adding


def enforce_lowlevel_policy(server: ServerT, options: PolicyOptions) -> ServerT:
    """Make an SDK low-level `Server` follow the policy; returns the same server.
    Calling it again changes nothing."""
    if getattr(server, _POLICY, None) is not None:
        return server
    listed = _ListedTools(options)
    if callable(getattr(server, "get_request_handler", None)) and callable(
        getattr(server, "add_request_handler", None)
    ):
        _enforce_v2(server, listed)
    elif isinstance(getattr(server, "request_handlers", None), dict):
        _enforce_v1(server, listed)
    else:
        raise TypeError(f"an MCP SDK low-level Server of an unknown shape: {type(server)!r}")
    setattr(server, _POLICY, listed)
    return server
