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
    """TAV402 (off by default): no annotation, pattern or effect says what the tool is."""
    if tool.mode_source == "default" or tool.mode_source.startswith("default;"):
        yield context.finding("TAV402", tool.anchor, tool, mode=tool.mode)


def read_only_tool_writes(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV403: annotated (or configured) read-only, yet its handler writes."""
    effects = tool.effects
    if tool.mode != "read-only" or effects is None or not effects.writes:
        return
    source = tool.mode_source
    how = (
        "annotated" if source.startswith("annotation")
        else "marked" if source.startswith("marker")
        else "configured" if source.startswith("name pattern")
        else "classified"
    )
    evidence = effects.writes[0]
    if len(effects.writes) > 1:
        evidence += f" (and {len(effects.writes) - 1} more)"
    yield context.finding("TAV403", tool.anchor, tool, how=how, evidence=evidence)


RULES = (read_only_hint_on_mutation, mode_by_default, read_only_tool_writes)
