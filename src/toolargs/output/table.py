"""The audit as an aligned plain-text table, for a terminal or a CI log.

In a terminal the table fits its width: the columns that can give way (why, handler,
schema, and any column added later with `shrink=True`) are shortened with an ellipsis,
widest first. Pipes, files and CI logs get every cell in full (`width=None`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from toolargs.output.audit import Audit, AuditRow

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
