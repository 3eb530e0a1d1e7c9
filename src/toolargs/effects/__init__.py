"""Effects: what a tool handler writes, and the mode that follows from it.

`classify_tools` is the one step discovery calls once the tools of a module are known:
it computes each handler's effects (`toolargs.effects.analysis`, from the catalogue in
`toolargs.effects.catalogue`) and classifies the tool again with them
(`toolargs.mode.classify`, which stays free of libcst). See docs/effects.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from toolargs.config import Config
from toolargs.mode import Classification, Effects, classify

if TYPE_CHECKING:  # discovery imports this package: its modules are imported when used
    from toolargs.discovery.index import ModuleIndex
    from toolargs.discovery.schema import Resolver
    from toolargs.effects.analysis import Function, Verdict, Write
    from toolargs.model import Tool

__all__ = ["classify_tools", "evidence"]


def classify_tools(
    tools: Sequence[Tool], index: ModuleIndex, resolver: Resolver, config: Config
) -> None:
    """Give each tool its effects and its mode by the full precedence."""
    from toolargs.effects.analysis import EffectAnalysis
    from toolargs.effects.catalogue import Catalogue
    from toolargs.effects.project import IndexProject

    project = IndexProject(index, resolver)
    analysis = EffectAnalysis(project, Catalogue.from_config(config))
    verdicts: dict[int, Verdict] = {}
    for tool in tools:
        if tool.handler is None or _decided_as_mutation(tool, config):
            continue
        verdicts[id(tool)] = analysis.verdict(project.handler(tool.handler))
    # Lines cost code generation: only for the evidence shown (the first certain and the
    # first uncertain write of each tool, and the first the tool's arguments decide).
    shown = [w for v in verdicts.values() for w in _first_of_each(v.writes)]
    lines = project.lines(
        [(w.node, w.function) for w in shown] + [hop for w in shown for hop in w.calls]
    )
    for tool in tools:
        verdict = verdicts.get(id(tool))
        if verdict is None:
            continue
        tool.effects = Effects(
            tuple(evidence(w, lines) for w in verdict.writes if w.certain),
            verdict.resolved,
            tuple(evidence(w, lines) for w in verdict.writes if not w.certain),
            tuple(evidence(w, lines) for w in verdict.writes if w.from_arguments),
        )
        _apply(tool, classify(tool.name, tool.annotations, tool.markers, config, tool.effects))


def _first_of_each(writes: Sequence[Write]) -> list[Write]:
    certain = next((w for w in writes if w.certain), None)
    uncertain = next((w for w in writes if not w.certain), None)
    argued = next((w for w in writes if w.from_arguments), None)
    return [w for w in (certain, uncertain, argued) if w is not None]


def _decided_as_mutation(tool: Tool, config: Config) -> bool:
    """Annotations, markers or patterns already make it a mutation: effects change nothing."""
    found = classify(tool.name, tool.annotations, tool.markers, config)
    return found.mode == "mutation" and found.source != "default" and not (
        found.source.startswith("name verb")
    )


def _apply(tool: Tool, found: Classification) -> None:
    tool.mode = found.mode
    tool.mode_source = found.source
    tool.conflict_pattern = found.conflict_pattern
    tool.read_only_hint = found.read_only_hint


def evidence(write: Write, lines: dict[int, int]) -> str:
    """`api.delete_file() (tools.py:352) via delete_note (server.py:40) -> Api.delete_file`:
    the writing call, then the path to it from the handler, each function with where it
    calls the next (`line 40` in the writing call's file)."""
    text = f"{write.text} ({_at(write.node, write.function, lines)})"
    if write.why:
        text += f", {write.why}"
    if len(write.chain) > 1:
        hops = []
        for index, label in enumerate(write.chain):
            if index < len(write.calls):
                node, function = write.calls[index]
                same = function.path == write.function.path and id(node) in lines
                where = f"line {lines[id(node)]}" if same else _at(node, function, lines)
                label = f"{label} ({where})"
            hops.append(label)
        text += " via " + " -> ".join(hops)
    return text


def _at(node: object, function: Function, lines: dict[int, int]) -> str:
    where = Path(function.path).name if function.path else "?"
    line = lines.get(id(node))
    return f"{where}:{line}" if line else where
