"""`enforce_policy` for the MCP Python SDK's framework servers: FastMCP (mcp 1.x) and
MCPServer (mcp 2.x).

Both validate tool arguments with a pydantic model that ignores extra keys (SDK issue
#3067), so an agent's `limit` or `banana` is dropped without a word. Both route every
call, including tools registered later, through `server._tool_manager.call_tool(name,
arguments, ...)`; wrapping that one method lets the policy see each call before the tool
function runs. `mcp` is imported only when a server is enforced.
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from toolargs.runtime.helpers import (
    ENFORCED_MARK,
    MissingParam,
    attach_unknown_args,
    closed_to_extra_keys,
    unknown_args_block_text,
    with_unknown_args,
)
from toolargs.runtime.policy import PolicyOptions, ToolArgs

__all__ = ["enforce_sdk_policy", "is_sdk_server"]

ServerT = TypeVar("ServerT")
CallTool = Callable[..., Awaitable[Any]]


@dataclass(frozen=True)
class _Sdk:
    """The SDK classes enforcement needs, from whichever major is installed."""

    tool_error: type[Exception]
    text_content: Any
    call_tool_result: type[Any]


def _sdk_for(server: object) -> _Sdk | None:
    for server_module, exceptions_module, server_class in (
        ("mcp.server.mcpserver", "mcp.server.mcpserver.exceptions", "MCPServer"),
        ("mcp.server.fastmcp", "mcp.server.fastmcp.exceptions", "FastMCP"),
    ):
        try:
            framework = importlib.import_module(server_module)
        except ImportError:
            continue
        if isinstance(server, getattr(framework, server_class)):
            types = importlib.import_module("mcp.types")
            tool_error = importlib.import_module(exceptions_module).ToolError
            return _Sdk(tool_error, types.TextContent, types.CallToolResult)
    return None


def is_sdk_server(server: object) -> bool:
    """An SDK FastMCP (1.x) or MCPServer (2.x), a project subclass included."""
    return _sdk_for(server) is not None


def enforce_sdk_policy(server: ServerT, options: PolicyOptions) -> ServerT:
    """Make an SDK FastMCP or MCPServer follow the policy; returns the same server.

    Before a tool function runs: its limit field takes an alias when the canonical key
    is absent; unknown keys are removed and, for read-only tools, returned in the
    response as `unknown_args` (or rejected with TOOLARGS_STRICT_ARGS=1); a mutation
    tool with unknown keys fails with "unknown arg: <key>" and its function never runs.
    Each call reads the tool's current schema and annotations, so tools registered
    later are covered. Calling it twice changes nothing.
    """
    sdk = _sdk_for(server)
    if sdk is None:
        raise TypeError(f"not an MCP SDK FastMCP or MCPServer: {type(server)!r}")
    manager: Any = getattr(server, "_tool_manager")
    original: CallTool = manager.call_tool
    if getattr(original, ENFORCED_MARK, False):
        return server

    def terms(tool: Any) -> ToolArgs:
        # SDK releases before 1.25 have no annotations.
        return options.terms(tool.name, tool.parameters, getattr(tool, "annotations", None))

    async def call_tool(name: str, arguments: Any, *args: Any, **kwargs: Any) -> Any:
        tool = manager.get_tool(name)
        if tool is None:  # the SDK reports the unknown tool itself
            return await original(name, arguments, *args, **kwargs)
        try:
            resolution = terms(tool).resolve(arguments)
        except MissingParam as rejected:
            # ToolError is what both majors send back as the error text, unchanged.
            raise sdk.tool_error(str(rejected)) from rejected
        result = await original(name, resolution.arguments, *args, **kwargs)
        if not resolution.unknown_args:
            return result
        return _with_unknown_args_block(
            sdk, result, resolution.unknown_args, getattr(tool, "output_schema", None)
        )

    setattr(call_tool, ENFORCED_MARK, True)
    manager.call_tool = call_tool
    return server


def _with_unknown_args_block(
    sdk: _Sdk, result: Any, unknown: list[str], output_schema: object
) -> Any:
    """The tool's result with `unknown_args` made visible, by the rule of
    `with_unknown_args`, in every shape the SDK uses.

    mcp 2.x gives a CallToolResult; mcp 1.x a content list, a (content, structured)
    pair or a CallToolResult; a raw result when called with convert_result=False.
    """
    # An output schema closed to extra keys would make the SDK refuse the result.
    open_schema = not closed_to_extra_keys(output_schema)
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], list):
        content, structured = result
        if open_schema and isinstance(structured, dict):
            structured = with_unknown_args(dict(structured), unknown)
        return attach_unknown_args(content, unknown, structured=open_schema), structured
    if isinstance(result, dict):
        return with_unknown_args(dict(result), unknown)
    if isinstance(result, (list, sdk.call_tool_result)):
        return attach_unknown_args(result, unknown, structured=open_schema)
    if isinstance(result, (str, int, float, bool)):
        # SDK FastMCP before 1.10 hands back the function's own value and converts a
        # list item by item: the value, then the block.
        return [result, sdk.text_content(type="text", text=unknown_args_block_text(unknown))]
    return result  # e.g. mcp 2.x InputRequiredResult: the tool has not answered yet
