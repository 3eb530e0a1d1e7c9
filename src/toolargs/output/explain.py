"""`toolargs audit --explain TOOL`: the evidence behind one tool's line of the audit.

Everything the audit knows about the tool, each fact with where it comes from: its
server and framework, its mode and why, the handler, the schema's source, KNOWN_ARGS,
what happens to an unknown key and who decides, the verdict, and each finding at its
location with its message and the rule's page.
"""

from __future__ import annotations

import difflib
import textwrap

from toolargs.output.audit import Audit, AuditRow, server_groups, server_title
from toolargs.output.rule_docs import full_message, help_uri
from toolargs.output.table import verdict

LABEL_WIDTH = 14
WIDTH = 100  # the evidence is wrapped to this or the terminal's width, if narrower


def rows_named(audit: Audit, name: str) -> list[AuditRow]:
    return [row for row in audit.rows if row.tool.name == name]


def not_found(audit: Audit, name: str) -> str:
    """The error for a name the audit has no tool of, with the nearest names."""
    names = sorted({row.tool.name for row in audit.rows})
    near = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    text = f"--explain {name}: no tool of that name among the {len(names)} found"
    if near:
        text += f" (did you mean {', '.join(near)}?)"
    return text


def _strict_text(row: AuditRow) -> str:
    tool = row.tool
    if tool.mode == "mutation":
        return "yes: unknown keys are rejected before any side effect" if tool.strict else (
            "no: an unknown key does not stop the tool before it acts"
        )
    return "yes: unknown keys are reported in unknown_args" if tool.strict else (
        "no: unknown keys are not reported back"
    )


def explain_row(audit: Audit, row: AuditRow, width: int | None = None) -> str:
    tool = row.tool
    width = min(width or WIDTH, WIDTH)
    server = server_title(tool) if tool.framework else "none found: the handler decides"
    handler = f"{tool.handler or '(not resolved)'}, registered by {tool.shape}"
    unknown = f"{tool.unknown_keys}, decided by the {tool.handled_by}"
    if tool.unknown_keys_why:
        unknown += f": {tool.unknown_keys_why}"
    facts = [
        ("server", server),
        ("mode", f"{tool.mode}, from {tool.mode_source}"),
        ("at", f"{tool.path}:{tool.line}:{tool.col}"),
        ("handler", handler),
        ("schema", tool.schema_source),
        ("KNOWN_ARGS", tool.known_args),
        ("unknown keys", unknown),
        ("policy kept", _strict_text(row)),
        ("verdict", verdict(row)),
    ]
    lines = [f"{tool.name} ({tool.mode})"]
    for label, text in facts:
        lines += textwrap.wrap(
            text, width=width, initial_indent=f"  {label + ':':<{LABEL_WIDTH}}",
            subsequent_indent=" " * (LABEL_WIDTH + 2), break_long_words=False,
            break_on_hyphens=False,
        )
    if row.findings:
        lines.append("  findings:")
    for code in row.findings:
        diagnostic = audit.diagnostic_for(row, code)
        if diagnostic is None:
            lines.append(f"    {code} (its message was not kept) {help_uri(code)}")
            continue
        where = f"{diagnostic.path}:{diagnostic.line}:{diagnostic.col}"
        lines += textwrap.wrap(
            f"{where}: {full_message(diagnostic)}", width=width, initial_indent="    ",
            subsequent_indent="      ", break_long_words=False, break_on_hyphens=False,
        )
        lines.append(f"      {help_uri(code)}")
    if row.suppressed:
        lines.append(f"  silenced by # noqa: {', '.join(row.suppressed)}")
    return "\n".join(lines) + "\n"


def explain(audit: Audit, name: str, width: int | None = None) -> str:
    """Every tool of that name (a name two servers both register comes twice)."""
    rows = rows_named(audit, name)
    groups = {id(row): group for group in server_groups(audit) for row in group.rows}
    parts = []
    for row in rows:
        group = groups.get(id(row))
        text = explain_row(audit, row, width)
        if group is not None and len(rows) > 1:
            text = f"[{group.title}]\n{text}"
        parts.append(text)
    return "\n".join(parts)
