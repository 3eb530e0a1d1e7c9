"""The audit as an aligned plain-text table, for a terminal or a CI log."""

from __future__ import annotations

from toolargs.output.audit import Audit, AuditRow

HEADERS = ("TOOL", "MODE", "WHY", "HANDLER", "SCHEMA", "KNOWN_ARGS", "VERDICT")


def verdict(row: AuditRow) -> str:
    if row.conforms:
        return "conforms" + (f" (noqa: {', '.join(row.suppressed)})" if row.suppressed else "")
    return "FAILS " + ", ".join(row.findings)


def cells(row: AuditRow) -> tuple[str, ...]:
    tool = row.tool
    handler = f"{tool.path}:{tool.line}"
    if tool.handler:
        handler += f" ({tool.handler})"
    return (
        tool.name,
        tool.mode,
        tool.mode_source,
        handler,
        tool.schema_source,
        tool.known_args,
        verdict(row),
    )


def audit_table(audit: Audit) -> str:
    rows = [HEADERS, *(cells(row) for row in audit.rows)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
        for row in rows
    ]
    if not audit.rows:
        lines = ["no tools found"]
    lines.append("")
    lines.append(audit.summary.line())
    return "\n".join(lines) + "\n"
