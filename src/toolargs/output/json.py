"""JSON documents for scripts: the findings of `check`, the rows of `audit`."""

from __future__ import annotations

import json
from typing import Any, Iterable

from toolargs.model import Diagnostic, Place, ToolReport
from toolargs.output.audit import Audit, AuditRow
from toolargs.output.rule_docs import full_message


def check_json(diagnostics: Iterable[Diagnostic]) -> str:
    document = [
        {"path": d.path, "line": d.line, "col": d.col, "code": d.code, "message": full_message(d)}
        for d in diagnostics
    ]
    return json.dumps(document, indent=2) + "\n"


def audit_row(row: AuditRow) -> dict[str, Any]:
    tool = row.tool
    return {
        "name": tool.name,
        "name_unread": tool.name_unread,
        "mode": tool.mode,
        "mode_source": tool.mode_source,
        "path": tool.path,
        "line": tool.line,
        "col": tool.col,
        "shape": tool.shape,
        "handler": tool.handler,
        "schema_source": tool.schema_source,
        "known_args": tool.known_args,
        "strict": tool.strict,
        "unknown_keys": tool.unknown_keys,
        "handled_by": tool.handled_by,
        "framework": tool.framework or None,
        "framework_version": tool.framework_version or None,
        "server": _server(tool),
        "handler_def": _place(tool.handler_place),
        "conforms": row.conforms,
        "findings": list(row.findings),
        "suppressed": list(row.suppressed),
    }


def _server(tool: ToolReport) -> dict[str, Any] | None:
    """The server a tool is served by: the name the code gives it, where it is constructed
    (path and line null when the analysis does not know) and its framework; null when no
    known server serves the tool."""
    if not tool.framework:
        return None
    place = tool.server_place
    return {
        "name": tool.server or None,
        "path": place.path if place else None,
        "line": place.line if place else None,
        "framework": tool.framework,
    }


def _place(place: Place | None) -> dict[str, Any] | None:
    return {"path": place.path, "line": place.line} if place is not None else None


def audit_json(audit: Audit) -> str:
    document = {
        "tools": [audit_row(row) for row in audit.rows],
        "summary": {**audit.summary.as_dict(), "text": audit.summary.line()},
    }
    return json.dumps(document, indent=2) + "\n"
