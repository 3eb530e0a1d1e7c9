"""TAV9xx: what the checker could not resolve is reported, never guessed."""

from __future__ import annotations

from typing import Iterator

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


def unknown_keys_undecided(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV904: the behaviour model cannot tell what happens to an unknown key (a
    keyword-style handler no known framework server calls), so the tool does not
    silently count as conforming. A handler the checker cannot follow is TAV902's."""
    behaviour = tool.behaviour
    if behaviour is None or behaviour.unknown_keys != "unknown" or tool.handler is None:
        return
    remedy = (
        "register it on a server the checker knows (the SDK's FastMCP or MCPServer, "
        "fastmcp, or a low-level Server dispatcher), or take the argument dict and "
        "handle unknown keys in the handler (collect_unknown_args or reject_unknown_args)"
    )
    if behaviour.handled_by == "toolargs":  # enforce_policy's options decide its mode
        remedy = (
            "write its mutation_tools=, read_only_tools= and default_mode= as literals "
            "(a tuple of strings, spreads of DEFAULT_MUTATION_TOOLS or of module constants "
            "holding such tuples)"
        )
    yield context.finding("TAV904", tool.anchor, tool, what=behaviour.what, remedy=remedy)


RULES = (schema_unresolved, handler_unresolved, unknown_keys_undecided)
