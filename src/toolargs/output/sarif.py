"""SARIF 2.1.0, as GitHub code scanning accepts it (`github/codeql-action/upload-sarif`).

One rule per catalog code, with its documentation link; one result per finding at a
repository-relative location. Files that could not be analysed become tool execution
notifications, so the upload still records that the run was incomplete.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from toolargs import __version__
from toolargs.codes import CODES
from toolargs.model import Diagnostic
from toolargs.output.audit import Audit, AuditRow
from toolargs.output.json import audit_row
from toolargs.output.locations import SRCROOT, artifact_location, srcroot_uri
from toolargs.output.rule_docs import (
    HOMEPAGE,
    default_level,
    generic_message,
    help_uri,
    message_body,
)

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
_FAMILIES = {
    "TAV1": "read-only",
    "TAV2": "mutation",
    "TAV3": "known-args",
    "TAV4": "classification",
    "TAV5": "framework",
    "TAV9": "analysis",
}


def rule(code: str) -> dict[str, Any]:
    known = CODES[code]
    uri = help_uri(code)
    explanation = generic_message(code)
    family = _FAMILIES.get(code[:4], "other")
    return {
        "id": code,
        "name": known.name,
        "shortDescription": {"text": known.title},
        "fullDescription": {"text": f"{known.title}: {explanation}"},
        "help": {
            "text": f"{known.title}. {explanation}. See {uri}",
            "markdown": f"**{code} {known.name}**: {known.title}.\n\n{explanation}.\n\n"
            f"[Rule documentation]({uri})",
        },
        "helpUri": uri,
        "defaultConfiguration": {
            "level": _level(code),
            "enabled": known.default_enabled,
        },
        "properties": _properties(code, family),
    }


def _level(code: str) -> str:
    """A security problem (TAV403) is an error whatever its family."""
    known = CODES.get(code)
    return "error" if known is not None and known.security else default_level(code)


def _properties(code: str, family: str) -> dict[str, Any]:
    known = CODES[code]
    tags = ["mcp", "tool-arguments", family]
    properties: dict[str, Any] = {"tags": tags, "fixable": known.fixable}
    if known.security:  # GitHub code scanning files these under security alerts
        tags.append("security")
        properties["security-severity"] = "7.5"
    return properties


_RULE_INDEXES = {code: index for index, code in enumerate(CODES)}


def _result(code: str, text: str, path: str, line: int, col: int) -> dict[str, Any]:
    result: dict[str, Any] = {"ruleId": code}
    index = _RULE_INDEXES.get(code)
    if index is not None:
        result["ruleIndex"] = index
    return {
        **result,
        "level": _level(code),
        "message": {"text": text},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": artifact_location(path),
                    "region": {"startLine": max(1, line), "startColumn": max(1, col)},
                }
            }
        ],
    }


def _document(
    results: list[dict[str, Any]], errors: Iterable[str], properties: dict[str, Any]
) -> str:
    notifications = [
        {"level": "error", "message": {"text": error}} for error in errors
    ]
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "toolargs",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": HOMEPAGE,
                "rules": [rule(code) for code in CODES],
            }
        },
        "originalUriBaseIds": {SRCROOT: {"uri": srcroot_uri()}},
        "invocations": [
            {
                "executionSuccessful": not notifications,
                "toolExecutionNotifications": notifications,
            }
        ],
        "results": results,
        "columnKind": "unicodeCodePoints",
    }
    if properties:
        run["properties"] = properties
    document = {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}
    return json.dumps(document, indent=2) + "\n"


def check_sarif(diagnostics: Iterable[Diagnostic], errors: Iterable[str] = ()) -> str:
    results = [
        _result(d.code, message_body(d), d.path, d.line, d.col) for d in diagnostics
    ]
    return _document(results, errors, {})


def _audit_text(audit: Audit, row: AuditRow, code: str) -> str:
    tool = row.tool
    found = audit.message_for(row, code)
    detail = found[len(code) + 1:] if found and found.startswith(code + " ") else found
    if detail is None:
        detail = CODES[code].title if code in CODES else code
    return f"{tool.mode} tool '{tool.name}' ({tool.mode_source}) does not conform: {detail}"


def audit_sarif(audit: Audit) -> str:
    """One result per finding of each tool, placed at the tool, for reviewers' dashboards."""
    results = [
        _result(code, _audit_text(audit, row, code), row.tool.path, row.tool.line, row.tool.col)
        for row in audit.rows
        for code in row.findings
    ]
    properties = {
        "audit": {
            "tools": [audit_row(row) for row in audit.rows],
            "summary": {**audit.summary.as_dict(), "text": audit.summary.line()},
        }
    }
    return _document(results, audit.errors, properties)
