"""TAV2xx: mutation tools are strict, before any side effect."""

from __future__ import annotations

from typing import Iterator

from toolargs.model import Finding, Step, Tool
from toolargs.rules.base import Context, args_label, checked_dict_handler, events, known_label

LENIENT = (Step.COLLECT, Step.ATTACH, Step.ATTACH_ALWAYS, Step.ATTACH_GUARDED)


def _applies(tool: Tool) -> bool:
    """A mutation dict-style handler that unknown keys really reach (a schema or framework
    rejecting them before it runs makes the tool strict)."""
    return (
        tool.mode == "mutation"
        and checked_dict_handler(tool)
        and not (tool.behaviour is not None and tool.behaviour.before_handler)
    )


def unknown_args_not_rejected(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV201: nothing rejects unknown keys (and nothing collects them either)."""
    behaviour = tool.behaviour
    if behaviour is not None and behaviour.label != "dropped (handler)":
        return
    if _applies(tool) and not events(tool, Step.REJECT, *LENIENT):
        assert tool.handler is not None
        yield context.finding(
            "TAV201",
            tool.anchor,
            tool,
            args=args_label(tool),
            known=known_label(tool),
            what=behaviour.what if behaviour else "its handler ignores them",
        )


def rejected_after_side_effect(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV202: the first rejection comes after the first side effect."""
    if not _applies(tool) or tool.handler is None:
        return
    first_effect = None
    for event in tool.handler.events:
        if event.step is Step.SIDE_EFFECT and first_effect is None:
            first_effect = event
        elif event.step is Step.REJECT:
            if first_effect is not None:
                yield context.finding("TAV202", event.node, tool, effect=first_effect.key)
            return


def lenient_on_mutation(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV203: a mutation reports unknown keys instead of rejecting them."""
    if not _applies(tool):
        return
    lenient = events(tool, *LENIENT)
    if lenient:
        helper = "collect_unknown_args" if lenient[0].step is Step.COLLECT else "unknown_args"
        yield context.finding(
            "TAV203",
            lenient[0].node,
            tool,
            helper=helper,
            args=args_label(tool),
            known=known_label(tool),
        )


def wrong_rejection_error(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV204: a hand-written rejection raising another type or message."""
    if not _applies(tool):
        return
    for event in events(tool, Step.REJECT):
        if not event.error_ok:
            yield context.finding("TAV204", event.node, tool, got=event.error_text)


RULES = (
    unknown_args_not_rejected,
    rejected_after_side_effect,
    lenient_on_mutation,
    wrong_rejection_error,
)
