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
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from toolargs.config import DEFAULT_MUTATION_TOOLS, Mode
from toolargs.policy import ToolArgs, tool_mode
from toolargs.runtime import DEFAULT_ALIASES, LIMIT_FIELDS, MissingParam, with_unknown_args

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


def enforce_policy(
    server: ServerT,
    *,
    mutation_tools: Sequence[str] = DEFAULT_MUTATION_TOOLS,
    read_only_tools: Sequence[str] = (),
    default_mode: Mode = "read-only",
    limit_fields: Sequence[str] = LIMIT_FIELDS,
    aliases: Sequence[str] = DEFAULT_ALIASES,
) -> ServerT:
    """Make an SDK FastMCP or MCPServer follow the policy; returns the same server.

    Before a tool function runs: its limit field takes an alias when the canonical key
    is absent; unknown keys are removed and, for read-only tools, returned in the
    response as `unknown_args` (or rejected with TOOLARGS_STRICT_ARGS=1); a mutation
    tool with unknown keys fails with "unknown arg: <key>" and its function never runs.
    Each call reads the tool's current schema and annotations, so tools registered
    later are covered. Calling it twice changes nothing.
    """
    sdk = _sdk_for(server)
    if sdk is None and type(server).__module__.split(".")[0] == "fastmcp":
        raise TypeError(
            "enforce_policy applies to the MCP Python SDK's servers; standalone fastmcp "
            "already rejects unknown keys for every tool (see docs/frameworks.md)"
        )
    if sdk is None:
        raise TypeError(
            "enforce_policy needs an MCP Python SDK server (mcp.server.fastmcp.FastMCP "
            f"in mcp 1.x, mcp.server.mcpserver.MCPServer in mcp 2.x), got {type(server)!r}"
        )
    manager: Any = getattr(server, "_tool_manager")
    original: CallTool = manager.call_tool
    if getattr(original, _ENFORCED, False):
        return server

    def terms(tool: Any) -> ToolArgs:
        mode = tool_mode(
            tool.name,
            tool.annotations,
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
    """The tool's result with `unknown_args` made visible, in every shape the SDK uses.

    mcp 2.x gives a CallToolResult; mcp 1.x a content list, a (content, structured)
    pair or a CallToolResult; a raw result when called with convert_result=False.
    """
    if isinstance(result, sdk.call_tool_result):
        # mcp 2.x names the field in snake_case, mcp 1.x in camelCase.
        snake = hasattr(result, "structured_content")
        field = "structured_content" if snake else "structuredContent"
        content, structured = _merge(
            sdk, list(result.content), getattr(result, field), unknown, output_schema
        )
        return result.model_copy(update={"content": content, field: structured})
    if isinstance(result, tuple) and len(result) == 2:
        return _merge(sdk, list(result[0]), result[1], unknown, output_schema)
    if isinstance(result, list):
        return _merge(sdk, result, None, unknown, output_schema)[0]
    if isinstance(result, dict):
        return with_unknown_args(dict(result), unknown)
    return result  # e.g. mcp 2.x InputRequiredResult: the tool has not answered yet


def _merge(
    sdk: _Sdk, content: list[Any], structured: Any, unknown: list[str], output_schema: object
) -> tuple[list[Any], Any]:
    """Put `unknown_args` in the structured content when it is an object that may hold it,
    keeping its JSON text copy in step; otherwise add a text block of its own."""
    # An output schema closed to extra keys would make the SDK refuse the result.
    closed = isinstance(output_schema, Mapping) and (
        output_schema.get("additionalProperties", True) is False
    )
    content = list(content)
    if isinstance(structured, dict) and not closed:
        extended = with_unknown_args(dict(structured), unknown)
        for index, block in enumerate(content):
            if _is_json_text_of(block, structured):
                text = json.dumps(extended, indent=2, ensure_ascii=False)
                content[index] = sdk.text_content(type="text", text=text)
                return content, extended
        structured = extended
    content.append(sdk.text_content(type="text", text=json.dumps({"unknown_args": unknown})))
    return content, structured


def _is_json_text_of(block: Any, value: object) -> bool:
    text = getattr(block, "text", None)
    if getattr(block, "type", None) != "text" or not isinstance(text, str):
        return False
    try:
        return bool(json.loads(text) == value)
    except ValueError:
        return False
