"""TAV1xx: read-only tools are lenient and visible."""

from __future__ import annotations

from typing import Iterator

from toolargs.model import Finding, Step, Tool
from toolargs.rules.base import Context, args_label, checked_dict_handler, events, known_label


def _applies(tool: Tool) -> bool:
    """A read-only dict-style handler that unknown keys really reach."""
    return (
        tool.mode == "read-only"
        and checked_dict_handler(tool)
        and not (tool.behaviour is not None and tool.behaviour.before_handler)
    )


def unknown_args_ignored(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV101: the handler drops unknown keys (a strict read-only handler is fine too)."""
    behaviour = tool.behaviour
    if behaviour is not None and behaviour.label != "dropped (handler)":
        return
    if _applies(tool) and not events(tool, Step.COLLECT, Step.REJECT):
        assert tool.handler is not None
        yield context.finding(
            "TAV101",
            tool.anchor,
            tool,
            args=args_label(tool),
            known=known_label(tool),
            what=behaviour.what if behaviour else "its handler ignores them",
        )


def unknown_args_not_returned(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV102: the collected list never reaches the response."""
    if not _applies(tool):
        return
    attached = events(tool, Step.ATTACH, Step.ATTACH_ALWAYS, Step.ATTACH_GUARDED)
    for collect in events(tool, Step.COLLECT):
        used = any(
            (collect.result and collect.result in e.key) or "collect_unknown_args" in e.key
            for e in attached
        )
        nested = any(e.node is not collect.node and collect.how in e.key for e in attached)
        if not used and not nested:
            yield context.finding("TAV102", collect.node, tool)


def unknown_args_always_added(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV103: `unknown_args` stored even when empty."""
    if _applies(tool):
        for event in events(tool, Step.ATTACH_ALWAYS):
            yield context.finding("TAV103", event.node, tool)


def limit_read_without_aliases(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV104: the limit field read directly, so `limit`/`top_k` are ignored."""
    if not _applies(tool):
        return
    field = context.limit_field(tool)
    for event in events(tool, Step.LIMIT_READ):
        if field is None and tool.schema.properties is not None:
            continue  # not this tool's limit field: TAV3xx/unknown handling covers it
        if field is not None and event.key != field:
            continue
        yield context.finding(
            "TAV104",
            event.node,
            tool,
            field=event.key,
            aliases=context.aliases_text(),
            args=args_label(tool),
        )


def wrong_limit_aliases(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV105: the helper called with another canonical field or alias list."""
    if not _applies(tool):
        return
    field = context.limit_field(tool)
    for event in events(tool, Step.LIMIT_HELPER):
        canonical_ok = field is None or event.key == field
        if tool.schema.properties is not None and field is None:
            canonical_ok = False
        if canonical_ok and event.aliases == tuple(context.config.aliases):
            continue
        got = f"{event.key} with aliases ({', '.join(event.aliases)})"
        yield context.finding(
            "TAV105",
            event.node,
            tool,
            got=got,
            field=field or "(none: the schema has no limit field)",
            aliases=context.aliases_text(),
        )


def alias_read_directly(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV106: `args.get("limit")` can win over the canonical field."""
    if not _applies(tool):
        return
    properties = tool.schema.properties or ()
    field = context.limit_field(tool) or context.config.limit_fields[0]
    for event in events(tool, Step.ALIAS_READ):
        if event.key not in properties:
            yield context.finding("TAV106", event.node, tool, alias=event.key, field=field)


RULES = (
    unknown_args_ignored,
    unknown_args_not_returned,
    unknown_args_always_added,
    limit_read_without_aliases,
    wrong_limit_aliases,
    alias_read_directly,
)
