"""TAV201/TAV503 where enforce_policy(server, ...) is applied: the mode it gives a tool.

A running enforce_policy decides each tool's mode from its name, its annotations and the
call's options, never from what the handler does (toolargs.behaviour models it). A
mutation it takes for read-only runs with unknown keys (reported, not rejected); a
read-only tool it takes for a mutation rejects them. One finding per server, with one
remedy: the call with those tools named in its options.
"""

from __future__ import annotations

from typing import Iterator

from toolargs.model import Finding, Tool
from toolargs.remedy import applied_to
from toolargs.rules.base import Context


def _taken(tool: Tool, mode: str, unknown_keys: str) -> bool:
    behaviour = tool.behaviour
    return (
        tool.mode == mode
        and behaviour is not None
        and behaviour.handled_by == "toolargs"
        and behaviour.unknown_keys == unknown_keys
    )


def enforced_in_another_mode(context: Context) -> Iterator[Finding]:
    for server in context.model.servers:
        applied = applied_to(server, context.model)
        if applied is None:
            continue
        tools = context.served(server)
        lenient = sorted({t.name for t in tools if _taken(t, "mutation", "reported")})
        strict = sorted({t.name for t in tools if _taken(t, "read-only", "rejected")})
        if not lenient and not strict:
            continue
        # read_only_tools= decides only for tools without annotations.
        unannotated = sorted({t.name for t in tools if t.annotations is None} & set(strict))
        call = applied.remedy(lenient, unannotated)
        uses_default = "*DEFAULT_MUTATION_TOOLS" in call
        remedy = f"name them in its options: {call}"
        if uses_default:
            remedy += " (DEFAULT_MUTATION_TOOLS from toolargs.runtime)"
        if strict and len(unannotated) < len(strict):
            remedy += "; a tool annotated read-only is taken for a mutation only by a "
            remedy += "mutation_tools= pattern it matches: narrow that pattern"
        if lenient:
            what = (
                "enforce_policy, as called on it, takes them for read-only at run time, "
                "from their names, annotations and the call's options, and only reports them"
            )
            yield context.server_finding("TAV201", server, tuple(lenient), what=what, remedy=remedy)
        if strict:
            what = (
                "enforce_policy, as called on it, takes them for mutations at run time, "
                "from their names, annotations and the call's options"
            )
            yield context.server_finding("TAV503", server, tuple(strict), what=what, remedy=remedy)


MODULE_RULES = (enforced_in_another_mode,)
