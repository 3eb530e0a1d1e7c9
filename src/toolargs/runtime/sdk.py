"""`enforce_policy`: the policy applied to MCP Python SDK framework servers.

FastMCP (mcp 1.x) and MCPServer (mcp 2.x) validate tool arguments with a pydantic
model that ignores extra keys (SDK issue #3067), so an agent's `limit` or `banana` is
dropped without a word. Both route every call, including tools registered later,
through `server._tool_manager.call_tool(name, arguments, ...)`; wrapping that one
method lets the policy see each call before the tool function runs. `mcp` is imported
only when `enforce_policy` is called, keeping `toolargs.runtime` standard library only.
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from toolargs.config import DEFAULT_MUTATION_TOOLS, Mode
from toolargs.policy import ToolArgs, tool_mode
from toolargs.runtime import (
    DEFAULT_ALIASES,
    LIMIT_FIELDS,
    MissingParam,
    _attach,
    unknown_args_block_text,
    with_unknown_args,
)

__all__ = ["enforce_policy"]

ServerT = TypeVar("ServerT")
CallTool = Callable[..., Awaitable[Any]]

_ENFORCED = "__toolargs_enforced__"


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


def _is_fastmcp(server: object) -> bool:
    """A standalone fastmcp server, a project's subclass of one included."""
    return any(kind.__module__.split(".")[0] == "fastmcp" for kind in type(server).__mro__)


def enforce_policy(
    server: ServerT,
    *,
    mutation_tools: Sequence[str] = DEFAULT_MUTATION_TOOLS,
    read_only_tools: Sequence[str] = (),
    default_mode: Mode = "read-only",
    limit_fields: Sequence[str] = LIMIT_FIELDS,
    aliases: Sequence[str] = DEFAULT_ALIASES,
) -> ServerT:
    """Make an SDK FastMCP or MCPServer, or a fastmcp server, follow the policy; returns
    the same server. A fastmcp server gets a `toolargs.fastmcp.PolicyMiddleware`.

    Before a tool function runs: its limit field takes an alias when the canonical key
    is absent; unknown keys are removed and, for read-only tools, returned in the
    response as `unknown_args` (or rejected with TOOLARGS_STRICT_ARGS=1); a mutation
    tool with unknown keys fails with "unknown arg: <key>" and its function never runs.
    Each call reads the tool's current schema and annotations, so tools registered
    later are covered. Calling it twice changes nothing.
    """
    if _is_fastmcp(server):
        from toolargs.fastmcp import enforce_fastmcp_policy

        return cast(
            ServerT,
            enforce_fastmcp_policy(
                server,
                mutation_tools=mutation_tools,
                read_only_tools=read_only_tools,
                default_mode=default_mode,
                limit_fields=limit_fields,
                aliases=aliases,
            ),
        )
    sdk = _sdk_for(server)
    if sdk is None:
        raise TypeError(
            "enforce_policy needs an MCP Python SDK server (mcp.server.fastmcp.FastMCP "
            "in mcp 1.x, mcp.server.mcpserver.MCPServer in mcp 2.x) or a fastmcp.FastMCP "
            f"(fastmcp 2.x-4.x), got {type(server)!r}"
        )
    manager: Any = getattr(server, "_tool_manager")
    original: CallTool = manager.call_tool
    if getattr(original, _ENFORCED, False):
        return server

    def terms(tool: Any) -> ToolArgs:
        mode = tool_mode(
            tool.name,
            getattr(tool, "annotations", None),  # SDK releases before 1.25 have none
            mutation_tools=mutation_tools,
            read_only_tools=read_only_tools,
            default_mode=default_mode,
        )
        return ToolArgs.from_schema(
            tool.name, tool.parameters, mode, limit_fields=limit_fields, aliases=aliases
        )

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

    setattr(call_tool, _ENFORCED, True)
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
    open_schema = not (
        isinstance(output_schema, Mapping)
        and output_schema.get("additionalProperties", True) is False
    )
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], list):
        content, structured = result
        if open_schema and isinstance(structured, dict):
            structured = with_unknown_args(dict(structured), unknown)
        return _attach(content, unknown, structured=open_schema), structured
    if isinstance(result, dict):
        return with_unknown_args(dict(result), unknown)
    if isinstance(result, (list, sdk.call_tool_result)):
        return _attach(result, unknown, structured=open_schema)
    if isinstance(result, (str, int, float, bool)):
        # SDK FastMCP before 1.10 hands back the function's own value and converts a
        # list item by item: the value, then the block.
        return [result, sdk.text_content(type="text", text=unknown_args_block_text(unknown))]
    return result  # e.g. mcp 2.x InputRequiredResult: the tool has not answered yet
