"""TAV4xx: how a tool was classified."""

from __future__ import annotations

from typing import Iterator

from toolargs.model import Finding, Tool
from toolargs.rules.base import Context


def read_only_hint_on_mutation(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV401: annotated read-only, named like a mutation: checked as a mutation."""
    if tool.conflict_pattern:
        yield context.finding("TAV401", tool.anchor, tool, pattern=tool.conflict_pattern)


def mode_by_default(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV402 (off by default): nothing but the default says what the tool is."""
    if tool.mode_source == "default":
        yield context.finding("TAV402", tool.anchor, tool, mode=tool.mode)


RULES = (read_only_hint_on_mutation, mode_by_default)
