"""The audit as GitHub-flavoured Markdown, ready to post as a pull-request comment."""

from __future__ import annotations

from toolargs.output.audit import Audit, AuditRow
from toolargs.output.rule_docs import help_uri

HEADER = (
    "| Tool | Why | Handler | Schema | KNOWN_ARGS | Unknown keys | Verdict |\n"
    "|---|---|---|---|---|---|---|\n"
)


def cell(text: str) -> str:
    """Keep a value inside its table cell: pipes and line breaks would end it."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ")


def code(text: str) -> str:
    return f"`{cell(text)}`" if text else ""


def verdict(row: AuditRow) -> str:
    if row.conforms:
        return "✅ conforms" + (f" (noqa: {', '.join(row.suppressed)})" if row.suppressed else "")
    links = ", ".join(f"[{c}]({help_uri(c)})" for c in row.findings)
    return f"❌ {links}"


def table_row(row: AuditRow) -> str:
    tool = row.tool
    handler = code(f"{tool.path}:{tool.line}")
    if tool.handler:
        handler += f" {code(tool.handler)}"
    values = (
        code(tool.name),
        cell(tool.mode_source),
        handler,
        cell(tool.schema_source),
        cell(tool.known_args),
        cell(f"{tool.unknown_keys} ({tool.handled_by})"),
        verdict(row),
    )
    return "| " + " | ".join(values) + " |\n"


def audit_markdown(audit: Audit) -> str:
    summary = audit.summary
    parts = ["### toolargs audit\n\n", f"**{summary.line()}**\n"]
    for title, mode in (("Mutation tools", "mutation"), ("Read-only tools", "read-only")):
        rows = [row for row in audit.rows if row.tool.mode == mode]
        if rows:
            parts.append(f"\n#### {title} ({len(rows)})\n\n{HEADER}")
            parts.extend(table_row(row) for row in rows)
    if not audit.rows:
        parts.append("\nNo tools found.\n")
    if audit.errors:
        parts.append(f"\n> **{len(audit.errors)} file(s) could not be analysed:**\n")
        parts.extend(f"> - {cell(error)}\n" for error in audit.errors)
    return "".join(parts)
