"""The audit as plain text: the full table for pipes and CI logs, and for a terminal
the tools grouped by server, one line each within its width.

Pipes, files, CI logs and `--wide` get the full table, every cell whole (`width=None`):
scripts read it, so it stays as it is. A terminal gets `audit_for_terminal`: each server
once (framework and version, what it does with an unknown key, the remedy), then one
line per tool, mutations first, whose name and verdict are never cut; the columns that
can give way (why, where) are shortened with an ellipsis, then left out.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Callable

from toolargs.codes import CODES
from toolargs.output.audit import Audit, AuditRow, ServerGroup, server_groups

ELLIPSIS = "…"
SEPARATOR = "  "


def verdict(row: AuditRow) -> str:
    if row.conforms:
        return "conforms" + (f" (noqa: {', '.join(row.suppressed)})" if row.suppressed else "")
    return "FAILS " + ", ".join(row.findings)


def handler_cell(row: AuditRow) -> str:
    tool = row.tool
    handler = f"{tool.path}:{tool.line}"
    if tool.handler:
        handler += f" ({tool.handler})"
    return handler


@dataclass(frozen=True)
class Column:
    header: str
    cell: Callable[[AuditRow], str]
    shrink: bool = False  # may be shortened to fit a terminal
    keep_end: bool = False  # shorten from the left (a path's end says the most)
    min_width: int = 8


COLUMNS: tuple[Column, ...] = (
    Column("TOOL", lambda row: row.tool.name),
    Column("MODE", lambda row: row.tool.mode),
    Column("WHY", lambda row: row.tool.mode_source, shrink=True, min_width=12),
    Column("HANDLER", handler_cell, shrink=True, keep_end=True, min_width=16),
    Column("SCHEMA", lambda row: row.tool.schema_source, shrink=True),
    Column("KNOWN_ARGS", lambda row: row.tool.known_args),
    # What happens to an unknown key, and who does it (toolargs.behaviour).
    Column("UNKNOWN KEYS", lambda row: f"{row.tool.unknown_keys} ({row.tool.handled_by})"),
    Column("VERDICT", verdict),
)
HEADERS = tuple(column.header for column in COLUMNS)


def cells(row: AuditRow) -> tuple[str, ...]:
    return tuple(column.cell(row) for column in COLUMNS)


def shorten(text: str, width: int, keep_end: bool = False) -> str:
    """`text` in at most `width` characters, an ellipsis marking what was cut."""
    if len(text) <= width:
        return text
    if width <= len(ELLIPSIS):
        return ELLIPSIS[:width]
    kept = width - len(ELLIPSIS)
    return ELLIPSIS + text[-kept:] if keep_end else text[:kept] + ELLIPSIS


def fit(widths: list[int], limit: int | None) -> list[int]:
    """Column widths whose row fits in `limit` characters, cutting the widest shrinkable
    column first and none below its minimum; unchanged when `limit` is None."""
    if limit is None:
        return widths
    fitted = list(widths)
    overflow = sum(fitted) + len(SEPARATOR) * (len(fitted) - 1) - limit
    while overflow > 0:
        candidates = [
            i for i, column in enumerate(COLUMNS)
            if column.shrink and fitted[i] > min(column.min_width, widths[i])
        ]
        if not candidates:
            break  # cannot fit: the terminal wraps what is left
        widest = max(candidates, key=lambda i: fitted[i])
        others = [fitted[i] for i in candidates if i != widest]
        floor = max(COLUMNS[widest].min_width, max(others, default=0))
        step = min(overflow, fitted[widest] - floor) or 1
        fitted[widest] -= step
        overflow -= step
    return fitted


def audit_table(audit: Audit, width: int | None = None) -> str:
    """The table; `width` is the terminal's, or None for full cells (pipes, CI)."""
    rows = [HEADERS, *(cells(row) for row in audit.rows)]
    natural = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    widths = fit(natural, width)
    lines = [
        SEPARATOR.join(
            shorten(cell, w, column.keep_end).ljust(w)
            for cell, w, column in zip(row, widths, COLUMNS)
        ).rstrip()
        for row in rows
    ]
    if not audit.rows:
        lines = ["no tools found"]
    lines.append("")
    lines.append(audit.summary.line())
    return "\n".join(lines) + "\n"


# --- The terminal: grouped by server, one line per tool. ---

INDENT = "  "
NARROWEST = 80  # the width the terminal view is built for at the least


@dataclass(frozen=True)
class Part:
    """One column of a tool's line in the terminal view."""

    header: str
    shrink: bool = False  # shortened with an ellipsis, then left out, to fit
    keep_end: bool = False
    min_width: int = 10


PARTS = (
    Part("TOOL"),
    Part("MODE"),
    Part("VERDICT"),
    Part("UNKNOWN KEYS"),
    Part("WHY", shrink=True, min_width=14),
    Part("WHERE", shrink=True, keep_end=True, min_width=12),
)
WHY = 4

# Shorter words for the commonest reasons, used when the full one does not fit.
_SHORT_WHY = (
    ("annotation without readOnlyHint", "no readOnlyHint"),
    ("annotation ", ""),
    ("name pattern ", "name "),
    ("effect: ", "writes: "),
)


def short_why(why: str) -> str:
    for long, short in _SHORT_WHY:
        if why.startswith(long):
            return short + why[len(long):]
    return why


def _where(row: AuditRow, group: ServerGroup) -> str:
    path = row.tool.path
    folder = group.folder
    shown = path[len(folder):] if folder and path.startswith(folder) else path
    return f"{shown}:{row.tool.line}"


def _unknown(row: AuditRow, group: ServerGroup) -> str:
    """Empty when the server's header already says it for every tool."""
    tool = row.tool
    if group.decided_by == tool.handled_by:
        if len({r.tool.unknown_keys for r in group.rows}) == 1:
            return ""
        return tool.unknown_keys
    return f"{tool.unknown_keys} ({tool.handled_by})"


def _terminal_cells(row: AuditRow, group: ServerGroup) -> tuple[str, ...]:
    return (
        row.tool.name,
        row.tool.mode,
        verdict(row),
        _unknown(row, group),
        row.tool.mode_source,
        _where(row, group),
    )


def _fit_parts(natural: list[int], limit: int) -> list[int]:
    """Widths for the parts in `limit` characters, indent included: the shrinkable
    parts give way from the right, each cut to its minimum and then left out (0) before
    the next one is touched; the others are never cut, so a line is only too long when
    they alone are."""
    widths = list(natural)

    def overflow() -> int:
        shown = [w for w in widths if w]
        return len(INDENT) + sum(shown) + len(SEPARATOR) * (len(shown) - 1) - limit

    for i in reversed(range(len(PARTS))):
        if not PARTS[i].shrink or not widths[i] or overflow() <= 0:
            continue
        floor = min(PARTS[i].min_width, natural[i])
        widths[i] = max(floor, widths[i] - overflow())
        if overflow() > 0:
            widths[i] = 0
    return widths


def _wrapped(label: str, text: str, width: int) -> list[str]:
    first = f"{INDENT}{label}{text}"
    return textwrap.wrap(
        first, width=max(width, 40), subsequent_indent=INDENT * 3,
        break_long_words=False, break_on_hyphens=False,
    ) or [first]


def _header(group: ServerGroup, audit: Audit, width: int) -> list[str]:
    lines = textwrap.wrap(
        group.title, width=max(width, 40), subsequent_indent=INDENT * 2,
        break_long_words=False, break_on_hyphens=False,
    )
    lines += _wrapped("", group.counts(), width)
    who = f" ({group.decided_by} decides)" if group.decided_by else ""
    lines += _wrapped(f"unknown keys{who}: ", group.unknown_keys(), width)
    for remedy in group.remedies(audit):
        n = remedy.tools
        label = f"remedy ({remedy.code}, {n} tool{'' if n == 1 else 's'}): "
        lines += _wrapped(label, remedy.text, width)
    return lines


def _tool_lines(group: ServerGroup, width: int) -> list[str]:
    """The group's tools, one line each, within `width` when the fixed columns allow."""
    rows = [_terminal_cells(row, group) for row in group.rows]
    natural = [
        max(len(cells[i]) for cells in rows) if any(cells[i] for cells in rows) else 0
        for i in range(len(PARTS))
    ]
    natural = [max(n, len(part.header)) if n else 0 for n, part in zip(natural, PARTS)]
    widths = _fit_parts(natural, width)
    if 0 < widths[WHY] < natural[WHY]:
        # The reasons do not fit whole: their short forms, cut only if still too long.
        rows = [(*cells[:WHY], short_why(cells[WHY]), *cells[WHY + 1:]) for cells in rows]
        natural[WHY] = max(len(part) for part in [PARTS[WHY].header, *(c[WHY] for c in rows)])
        widths = _fit_parts(natural, width)
    lines = []
    for cells in [tuple(part.header for part in PARTS), *rows]:
        shown = [
            shorten(cell, w, part.keep_end).ljust(w)
            for cell, w, part in zip(cells, widths, PARTS)
            if w
        ]
        lines.append((INDENT + SEPARATOR.join(shown)).rstrip())
    return lines


def audit_for_terminal(audit: Audit, width: int) -> str:
    """The audit for a person at a terminal of `width` columns (80 upward)."""
    width = max(width, NARROWEST)
    if not audit.rows:
        return "no tools found\n\n" + audit.summary.line() + "\n"
    lines: list[str] = []
    for group in server_groups(audit):
        if lines:
            lines.append("")
        lines += _header(group, audit, width)
        lines.append("")
        lines += _tool_lines(group, width)
    fixable = sum(
        any(CODES[code].fixable for code in row.findings if code in CODES) for row in audit.rows
    )
    lines += ["", audit.summary.line()]
    hints = ["--explain TOOL: the evidence and findings of one tool", "--wide: every column"]
    if fixable:
        hints.insert(1, f"toolargs fix --diff: what it would rewrite for {fixable} of them")
    lines += textwrap.wrap("; ".join(hints), width=width, break_on_hyphens=False)
    return "\n".join(lines) + "\n"
