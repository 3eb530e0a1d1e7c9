"""`enforce_policy` for chuk-mcp-server's `ChukMCPServer`.

chuk-mcp-server hands a tool's function only the parameters it declares (and the
`_`-prefixed keys the server injects, when the function takes them): an agent's `limit`
or `banana` is dropped without a word. Every `tools/call` passes through the server's
protocol handler (`server.protocol._handle_tools_call(params, msg_id, ...)`) before it
reaches the tool's `execute`; wrapping that one method lets the policy see each call,
tools registered later included, with the tool's own listed schema and annotations.

A rejected call is answered as chuk-mcp-server answers invalid arguments: a JSON-RPC
error with code -32602 and the message "unknown arg: <key>"; the tool never runs. A
read-only tool's result gets `unknown_args` in its structured content (when the output
schema leaves room for it) and as one more text block. Nothing of chuk-mcp-server is
imported here: the server is read through its attributes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from toolargs.runtime.helpers import (
    ENFORCED_MARK,
    MissingParam,
    closed_to_extra_keys,
    unknown_args_block_text,
)
from toolargs.runtime.policy import PolicyOptions

__all__ = ["enforce_chuk_policy", "is_chuk_server"]

ServerT = TypeVar("ServerT")
HandleCall = Callable[..., Awaitable[Any]]

INVALID_PARAMS = -32602  # JSON-RPC: what chuk-mcp-server answers for invalid arguments


def is_chuk_server(server: object) -> bool:
    """A chuk-mcp-server `ChukMCPServer`, a project subclass included."""
    return any(
        kind.__module__.split(".")[0] == "chuk_mcp_server" and kind.__name__ == "ChukMCPServer"
        for kind in type(server).__mro__
    )


def enforce_chuk_policy(server: ServerT, options: PolicyOptions) -> ServerT:
    """Make a ChukMCPServer follow the policy; returns the same server. Calling it twice
    changes nothing."""
    protocol = getattr(server, "protocol", None)
    original: HandleCall | None = getattr(protocol, "_handle_tools_call", None)
    tools = getattr(protocol, "tools", None)
    if protocol is None or original is None or not isinstance(tools, dict):
        raise TypeError(
            "enforce_policy needs a chuk-mcp-server whose protocol handler routes every "
            "tools/call through _handle_tools_call, as chuk-mcp-server 0.18 to 0.26 do"
        )
    if getattr(original, ENFORCED_MARK, False):
        return server

    async def handle_tools_call(params: Any, msg_id: Any, *args: Any, **kwargs: Any) -> Any:
        tool = tools.get(params.get("name", "")) if isinstance(params, dict) else None
        arguments = params.get("arguments", {}) if tool is not None else None
        if tool is None or not isinstance(arguments, dict):
            return await original(params, msg_id, *args, **kwargs)  # the server answers
        listed = tool.to_mcp_format()
        terms = options.tool_terms(listed)
        if terms is None:
            return await original(params, msg_id, *args, **kwargs)
        try:
            resolution = terms.resolve(arguments)
        except MissingParam as rejected:
            error = {"code": INVALID_PARAMS, "message": str(rejected)}
            return {"jsonrpc": "2.0", "id": msg_id, "error": error}, None
        answered = await original(
            {**params, "arguments": resolution.arguments}, msg_id, *args, **kwargs
        )
        if resolution.unknown_args:
            _report(answered, resolution.unknown_args, listed.get("outputSchema"))
        return answered

    setattr(handle_tools_call, ENFORCED_MARK, True)
    protocol._handle_tools_call = handle_tools_call
    return server


def _report(answered: Any, unknown: list[str], output_schema: object) -> None:
    """Add `unknown_args` to a successful `tools/call` response, in place."""
    response = answered[0] if isinstance(answered, tuple) and answered else answered
    result = response.get("result") if isinstance(response, dict) else None
    if not isinstance(result, dict):
        return  # an error: the tool did not answer
    content = result.get("content")
    if isinstance(content, list):
        content.append({"type": "text", "text": unknown_args_block_text(unknown)})
    structured = result.get("structuredContent")
    if isinstance(structured, dict) and not closed_to_extra_keys(output_schema):
        result["structuredContent"] = {**structured, "unknown_args": list(unknown)}
