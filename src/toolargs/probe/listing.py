"""The tools a server lists, and the mode each is probed in.

Mode follows the checker's precedence (`toolargs.mode.classify`): the listed annotations
first; without them the static audit's mode when `--source` found the tool, else the
configured name patterns and default. A tool that either the listing or the static audit
calls a mutation is probed as one: a read-only call must never write.

A read-only mode is *established* only by evidence: the listed `readOnlyHint: true`, or,
with `--source`, the code's own annotation or the effects of its handler (nothing in its
call tree writes). A name pattern, a name verb or the default guess a mode, and a guess
is no reason to call a tool that may write: without `--mutations` it is not called.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from toolargs.config import Config, Mode
from toolargs.mode import Annotations, classify
from toolargs.model import ToolReport

WRITE_EFFECT_CODE = "TAV403"  # read-only annotation on a tool whose handler writes
# What the static audit's mode_source starts with when the code itself shows read-only.
READ_ONLY_EVIDENCE = ("annotation readOnlyHint=True", "effects: ")


@dataclass(frozen=True)
class ListedTool:
    """One entry of `tools/list`, in its wire form."""

    name: str
    input_schema: Mapping[str, Any]
    annotations: Mapping[str, Any] | None

    @classmethod
    def from_wire(cls, entry: Mapping[str, Any]) -> ListedTool:
        schema = entry.get("inputSchema")
        annotations = entry.get("annotations")
        return cls(
            name=str(entry.get("name", "")),
            input_schema=schema if isinstance(schema, Mapping) else {},
            annotations=annotations if isinstance(annotations, Mapping) else None,
        )


@dataclass(frozen=True)
class ModeChoice:
    mode: Mode
    source: str  # why, in the audit's words
    listed: tuple[Mode, str] | None  # what the listed annotations alone say
    # read-only by evidence (listed readOnlyHint, the code's annotation or effects), not
    # by a name or the default; a mutation is established whatever says so
    established: bool = True


def listed_annotations(raw: Mapping[str, Any] | None) -> Annotations | None:
    if raw is None:
        return None
    hints = {k: v for k, v in raw.items() if k in ("readOnlyHint", "destructiveHint")}
    read_only, destructive = raw.get("readOnlyHint"), raw.get("destructiveHint")
    return Annotations(
        read_only=read_only if isinstance(read_only, bool) else None,
        destructive=destructive if isinstance(destructive, bool) else None,
        text=json.dumps(hints, sort_keys=True),
    )


def mode_of(tool: ListedTool, static: ToolReport | None, config: Config) -> ModeChoice:
    annotations = listed_annotations(tool.annotations)
    if annotations is None:
        if static is not None:
            why = f"static audit: {static.mode_source}"
            if static.mode == "read-only" and WRITE_EFFECT_CODE in static.findings:
                why += f", but a write effect ({WRITE_EFFECT_CODE})"
                return ModeChoice("mutation", why, None)
            shown = static.mode_source.startswith(READ_ONLY_EVIDENCE)
            return ModeChoice(static.mode, why, None, static.mode == "mutation" or shown)
        named = classify(tool.name, None, (), config)
        return ModeChoice(named.mode, named.source, None, named.mode == "mutation")
    listed = classify(tool.name, annotations, (), config)
    source = f"listed {listed.source}"
    if listed.mode == "read-only" and static is not None:
        if static.mode == "mutation":
            why = f"{source}, but static audit: mutation ({static.mode_source})"
            return ModeChoice("mutation", why, (listed.mode, source))
        if WRITE_EFFECT_CODE in static.findings:
            why = f"{source}, but static audit: a write effect ({WRITE_EFFECT_CODE})"
            return ModeChoice("mutation", why, (listed.mode, source))
    return ModeChoice(listed.mode, source, (listed.mode, source))
