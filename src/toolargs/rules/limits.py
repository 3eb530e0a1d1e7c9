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


RULES = (schema_unresolved, handler_unresolved)
