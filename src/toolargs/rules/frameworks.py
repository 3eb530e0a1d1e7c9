"""TAV5xx: frameworks that drop unknown keys before any handler sees them."""

from __future__ import annotations

from typing import Iterator

from toolargs.model import Finding, Tool
from toolargs.rules.base import Context


def framework_drops_unknown_args(context: Context) -> Iterator[Finding]:
    """TAV501: an SDK FastMCP/MCPServer with tools and no enforce_policy."""
    for server in context.model.servers:
        if not server.drops_unknown or server.enforced_by:
            continue
        covered = tuple(t.name for t in context.model.tools if t.server == server.name)
        if not covered:
            continue
        finding = context.finding(
            "TAV501",
            server.node,
            None,
            framework=server.framework,
            server=server.name,
            count=len(covered),
        )
        finding.covers = covered
        yield finding


def keyword_limit_without_aliases(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV502: `max_results` as a parameter, and nothing maps `limit`/`top_k` to it."""
    handler = tool.handler
    if tool.mode != "read-only" or handler is None or not handler.keyword_style:
        return
    if tool.enforcement is not None:
        return
    for field in context.config.limit_fields:
        if field in handler.params:
            yield context.finding(
                "TAV502", tool.anchor, tool, field=field, aliases=context.aliases_text()
            )
            return


RULES = (keyword_limit_without_aliases,)
MODULE_RULES = (framework_drops_unknown_args,)
