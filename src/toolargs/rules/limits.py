"""TAV9xx: what the checker could not resolve is reported, never guessed."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from toolargs.discovery.literals import dotted_name
from toolargs.codes import server_message, tool_names
from toolargs.model import Finding, Tool
from toolargs.rules.base import Context, checked_dict_handler


def schema_unresolved(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV901: a dict-style tool whose schema the checker cannot read."""
    if checked_dict_handler(tool) and tool.schema.properties is None:
        yield context.finding("TAV901", tool.anchor, tool, why=tool.schema.why_unresolved)


def handler_unresolved(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV902: a tool whose handler the checker cannot follow."""
    if tool.handler is None and tool.enforcement is None:
        yield context.finding("TAV902", tool.anchor, tool, why=tool.why_unresolved_handler)


def unknown_keys_undecided(context: Context) -> Iterator[Finding]:
    """TAV904: the behaviour model cannot tell what happens to an unknown key (a
    keyword-style handler no known framework server calls), so the tool does not
    silently count as conforming. A handler the checker cannot follow is TAV902's.
    Tools of one module undecided for the same reason, with the same remedy, are one
    finding, at the first of them, naming how many and which."""
    groups: dict[tuple[str, str], list[Tool]] = {}
    for tool in context.model.tools:
        judged = _undecided(tool, context)
        if judged is not None:
            groups.setdefault(judged, []).append(tool)
    for (what, remedy), tools in groups.items():
        first = tools[0]
        if len(tools) == 1:
            yield context.finding("TAV904", first.anchor, first, what=what, remedy=remedy)
            continue
        names = tuple(dict.fromkeys(t.name for t in tools))
        text = server_message(
            "TAV904", count=len(names), names=tool_names(names), what=what, remedy=remedy
        )
        yield Finding("TAV904", text, first.anchor, first.name, names)


def _undecided(tool: Tool, context: Context) -> tuple[str, str] | None:
    """Why what the tool does with an unknown key cannot be decided, and the remedy."""
    behaviour = tool.behaviour
    if behaviour is None or behaviour.unknown_keys != "unknown" or tool.handler is None:
        return None
    remedy = (
        "register it on a server the checker knows (the SDK's FastMCP or MCPServer, "
        "fastmcp, chuk-mcp-server, or a low-level Server dispatcher), or take the "
        "argument dict and "
        "handle unknown keys in the handler (collect_unknown_args or reject_unknown_args)"
    )
    outside = _server_class_outside(tool, context)
    if outside:
        short = outside.rsplit(".", 1)[-1]
        # `create_server(...)` is a factory, `AppleMCPServer(...)` a class
        made = (
            f"an instance of {outside}" if short[:1].isupper()
            else f"what {outside}(...) returns"
        )
        remedy = (
            f"its server is {made}, from outside the package: if that is the SDK's "
            "FastMCP or MCPServer (or a subclass), which drop unknown keys, name it in "
            "[tool.toolargs] server-classes (`server-classes = "
            f'["FastMCP", "MCPServer", "ChukMCPServer", "{short}"]`); otherwise ' + remedy
        )
    if behaviour.handled_by == "toolargs":  # enforce_policy's options decide its mode
        remedy = (
            "write its mutation_tools=, read_only_tools= and default_mode= as literals "
            "(a tuple of strings, spreads of DEFAULT_MUTATION_TOOLS or of module constants "
            "holding such tuples)"
        )
    return behaviour.what, remedy


def _server_class_outside(tool: Tool, context: Context) -> str:
    """The qualified name of the class the tool's server is built from, when that class
    is imported from a module the project does not hold (`mcp = AppleMCPServer(...)`,
    `from apple_mcp_common.server import AppleMCPServer`); "" otherwise."""
    project = context.model.project
    server = tool.server or _decorating_receiver(tool)
    if not server or project is None:
        return ""
    index = project.module_at(Path(context.model.path))
    call = index.bound_calls.get(server) if index is not None else None
    name = dotted_name(call.func) if call is not None else None
    if index is None or not name:
        return ""
    imported = index.imports.get(name.split(".")[0])
    if imported is None or imported.level or project.module_of(imported, index) is not None:
        return ""
    rest = name.split(".")[1:]
    return ".".join(p for p in (imported.module, imported.name, *rest) if p)


def _decorating_receiver(tool: Tool) -> str:
    """`mcp` of the handler's `@mcp.tool(...)` decorator."""
    node = tool.handler.node if tool.handler is not None else None
    for decorator in getattr(node, "decorators", ()):
        func = decorator.decorator
        func = func.func if isinstance(func, cst.Call) else func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            return func.value.value
    return ""


RULES = (schema_unresolved, handler_unresolved)
MODULE_RULES = (unknown_keys_undecided,)
