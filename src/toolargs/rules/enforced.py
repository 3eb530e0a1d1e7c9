"""TAV201/TAV503 where enforce_policy(server, ...) is applied: the mode it gives a tool;
TAV404 where the mode it would give is wrong and only a person can declare the right one.

A running enforce_policy decides each tool's mode from its name, its annotations and the
call's options, never from what the handler does (toolargs.behaviour models it). A
mutation it takes for read-only runs with unknown keys (reported, not rejected); a
read-only tool it takes for a mutation rejects them. One finding per server, with one
remedy: the call with those tools named in its options, when the project declares their
modes (a marker class); when only the checker's reading of the handler says so, TAV404.
"""

from __future__ import annotations

from typing import Iterator

from toolargs.model import Finding, Tool
from toolargs.remedy import applied_to, declared, runtime_mode
from toolargs.rules.base import Context


def _taken(tool: Tool, mode: str, unknown_keys: str) -> bool:
    behaviour = tool.behaviour
    return (
        tool.mode == mode
        and declared(tool)  # a mode read from the code: TAV404 asks to declare it
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


def undeclared_mutation(context: Context) -> Iterator[Finding]:
    """TAV404: tools whose handlers write, with no annotation and a name that does not say
    so. enforce_policy decides a mode from names and annotations only, so it would take
    them for read-only: one finding per server, asking for the annotation (the checker's
    reading of the code is evidence for a person, not an option to write for them)."""
    for server in context.model.servers:
        applied = applied_to(server, context.model)
        found: dict[str, str] = {}
        for tool in context.served(server):
            effects = tool.effects
            if tool.annotations is not None or tool.mode != "mutation":
                continue
            if declared(tool) or effects is None:
                continue
            # A write the checker is sure of, as for TAV403: one it cannot confirm (an
            # HTTP POST, SQL it cannot read) made the tool a mutation, but is left to the
            # remedy's request to annotate the tools whose names say nothing.
            evidence = effects.writes
            if not evidence:
                continue
            at_run_time = (
                applied.mode(tool)[0] if applied is not None
                else runtime_mode(tool, context.config)
            )
            if at_run_time == "read-only":
                found.setdefault(tool.name, evidence[0])
        if not found:
            continue
        names = tuple(sorted(found))
        shown = "; ".join(f"{name}: {found[name]}" for name in names[:2])
        if len(names) > 2:
            shown += f"; and {len(names) - 2} more"
        yield context.server_finding("TAV404", server, names, evidence=shown)


MODULE_RULES = (enforced_in_another_mode, undeclared_mutation)
