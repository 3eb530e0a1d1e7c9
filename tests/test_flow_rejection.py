"""Rejection by data flow: a hook around every tool call that turns the call's unknown
keys into an error before the tool runs, however it is spelled."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from toolargs.flow.rejection import override_rejects_unknown_keys, rejects_unknown_keys

REJECTING = [
    # keys minus the schema's properties, kept in a variable, tested, an error result
    """
    async def intercept_tool_call(self, params, ctx, call_next):
        schema = tool_schema(params.name)
        if schema is not None:
            extra = sorted((params.arguments or {}).keys() - schema["properties"].keys())
            if extra:
                return CallToolResult(content=[], is_error=True)
        return await call_next(ctx)
    """,
    # set(...).difference(...) tested directly, an exception
    """
    async def on_call_tool(self, context, call_next):
        args = context.message.arguments or {}
        if set(args).difference(KNOWN[context.message.name]):
            raise ToolError("unknown arguments")
        return await call_next(context)
    """,
    # a comprehension keeping the keys not in the known set
    """
    async def intercept_tool_call(self, params, ctx, call_next):
        given = params.arguments or {}
        unknown = [key for key in given if key not in ALLOWED]
        if len(unknown) > 0:
            return error_result(unknown)
        return await call_next(ctx)
    """,
]

NOT_REJECTING = [
    # required keys minus the arguments: missing keys, not unknown ones
    """
    async def intercept_tool_call(self, params, ctx, call_next):
        missing = REQUIRED - (params.arguments or {}).keys()
        if missing:
            return error_result(missing)
        return await call_next(ctx)
    """,
    # unknown keys found, but only after the tool ran
    """
    async def intercept_tool_call(self, params, ctx, call_next):
        extra = (params.arguments or {}).keys() - KNOWN
        result = await call_next(ctx)
        if extra:
            log.warning("unknown keys %s", extra)
            return result
        return result
    """,
    # unknown keys logged, the tool called in the same branch
    """
    async def intercept_tool_call(self, params, ctx, call_next):
        extra = set(params.arguments or {}) - KNOWN
        if extra:
            log.warning("unknown keys %s", extra)
            return await call_next(ctx)
        return await call_next(ctx)
    """,
]


def _function(text: str) -> cst.FunctionDef:
    node = cst.parse_module(textwrap.dedent(text)).body[0]
    assert isinstance(node, cst.FunctionDef)
    return node


@pytest.mark.parametrize("text", REJECTING)
def test_unknown_keys_reaching_an_error_first_are_rejected(text: str) -> None:
    assert rejects_unknown_keys(_function(text))


@pytest.mark.parametrize("text", NOT_REJECTING)
def test_other_hooks_do_not_reject(text: str) -> None:
    assert not rejects_unknown_keys(_function(text))


OVERRIDES = [
    # the call's keys minus the listed schema's properties, raised before `super()`
    ("""
    async def call_tool(self, name, arguments, context=None):
        tool = next((t for t in await self.list_tools() if t.name == name), None)
        if tool is not None:
            allowed = set(tool.inputSchema.get("properties", {}))
            unknown = sorted(set(arguments) - allowed)
            if unknown:
                raise ValueError("unknown arguments: " + ", ".join(unknown))
        return await super().call_tool(name, arguments, context)
    """, True),
    # the same test after the tool ran: not a rejection
    ("""
    async def call_tool(self, name, arguments, context=None):
        result = await super().call_tool(name, arguments, context)
        if set(arguments) - KNOWN[name]:
            raise ValueError("unknown arguments")
        return result
    """, False),
    # the name's keys, not the arguments'
    ("""
    async def call_tool(self, name, arguments, context=None):
        if set(name) - LETTERS:
            raise ValueError("bad name")
        return await super().call_tool(name, arguments, context)
    """, False),
]


@pytest.mark.parametrize(("text", "rejects"), OVERRIDES)
def test_a_server_class_overriding_its_call_method(text: str, rejects: bool) -> None:
    assert override_rejects_unknown_keys(_function(text), 1) is rejects
