"""Server-level findings once per run: one remedy at the server, one report.

Each file is judged alone, so a server whose tools live in several modules gets a
server-level finding (TAV501, TAV503, TAV504) in each of them. A front end that sees
every file of the run (`toolargs check` in any format) keeps one per server and code:
the one at the server's construction when the run holds it, else the first, its message
naming every tool the others covered.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from toolargs.codes import tool_names
from toolargs.model import Diagnostic


def once_per_server(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """`diagnostics` (sorted) with each server's findings of one code merged into one."""
    ordered = list(diagnostics)
    groups: dict[tuple[str, str], list[Diagnostic]] = {}
    for diagnostic in ordered:
        if diagnostic.server:
            groups.setdefault((diagnostic.server, diagnostic.code), []).append(diagnostic)
    kept: dict[int, Diagnostic] = {}
    dropped: set[int] = set()
    for group in groups.values():
        if len(group) == 1:
            continue
        built_here = [d for d in group if "(it is built in " not in d.message]
        first = (built_here or group)[0]
        covers = tuple(dict.fromkeys(name for d in group for name in d.covers))
        kept[id(first)] = replace(first, message=_renamed(first, covers), covers=covers)
        dropped.update(id(d) for d in group if d is not first)
    return sorted(kept.get(id(d), d) for d in ordered if id(d) not in dropped)


def _renamed(diagnostic: Diagnostic, covers: tuple[str, ...]) -> str:
    """The message with its count and names those of all the tools covered."""
    old = diagnostic.covers
    message = diagnostic.message
    for kind in ("tool(s)", "read-only tool(s)"):
        before = f" {len(old)} {kind} ({tool_names(old)}"
        if before in message:
            after = f" {len(covers)} {kind} ({tool_names(covers)}"
            return message.replace(before, after, 1)
    return message
