"""A probe report as a table (terminal, CI log), JSON, or Markdown (a pull-request comment)."""

from __future__ import annotations

import json
import os

from toolargs.probe.crosscheck import CrossCheck
from toolargs.probe.replies import shorten
from toolargs.probe.report import ProbeReport, static_location
from toolargs.probe.runner import ToolResult

HEADERS = ("TOOL", "MODE", "UNKNOWN_KEYS", "ALIAS", "CONFORMS", "STATIC", "WHY")
TABLE_EVIDENCE_CHARS = 160


def conforms_cell(tool: ToolResult) -> str:
    if not tool.probed:
        return "-"
    return {True: "yes", False: "NO", None: "?"}[tool.conforms]


def static_cell(tool: ToolResult, report: ProbeReport) -> str:
    if tool.static is None:
        return "-"
    return f"{shown_path(tool.static.path, report)}:{tool.static.line}"


def shown_path(path: str, report: ProbeReport) -> str:
    """A path under the audited source, relative to it: the cross-check names the source."""
    if report.cross_check is None:
        return path
    source = os.path.abspath(report.cross_check.source)
    folder = source if os.path.isdir(source) else os.path.dirname(source)
    absolute = os.path.abspath(path)
    if absolute.startswith(folder + os.sep):
        return os.path.relpath(absolute, folder)
    return path


def evidence_line(tool: ToolResult, limit: int) -> str:
    """The note whole (why a tool was not called, what a verdict means), then the
    response, cut to what is left of `limit` (at least a few words of it)."""
    note = " ".join(tool.note.split())
    if not tool.evidence or tool.evidence == tool.note:
        return note
    if not note:
        return shorten(tool.evidence, limit)
    return f"{note} | {shorten(tool.evidence, max(limit - len(note) - 3, 60))}"


def mode_cell(tool: ToolResult) -> str:
    """`unknown` for a read-only mode that only a name or the default suggests."""
    return tool.mode if tool.mode_established else "unknown"


def cells(tool: ToolResult, report: ProbeReport) -> tuple[str, ...]:
    return (
        tool.name,
        mode_cell(tool),
        tool.unknown_keys or "-",
        tool.alias or "-",
        conforms_cell(tool),
        static_cell(tool, report),
        tool.mode_source,
    )


def probe_table(report: ProbeReport) -> str:
    rows = [HEADERS, *(cells(tool, report) for tool in report.tools)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
        for row in rows
    ]
    if not report.tools:
        lines = ["the server lists no tools"]
    evidence = [
        (tool.name, evidence_line(tool, TABLE_EVIDENCE_CHARS)) for tool in report.tools
    ]
    if any(text for _, text in evidence):
        lines += ["", "evidence:"]
        lines += [f"  {name}: {text}" for name, text in evidence if text]
    if report.cross_check is not None:
        lines += ["", *_cross_check_lines(report, report.cross_check, "  ")]
    lines += ["", report.line()]
    return "\n".join(lines) + "\n"


def probe_json(report: ProbeReport) -> str:
    tools = [
        {
            "name": tool.name,
            "mode": tool.mode,
            "mode_source": tool.mode_source,
            "mode_established": tool.mode_established,
            "probed": tool.probed,
            "unknown_keys": tool.unknown_keys,
            "alias": tool.alias,
            "conforms": tool.conforms,
            "static": static_location(tool),
            "evidence": tool.evidence,
            "note": tool.note,
        }
        for tool in report.tools
    ]
    return json.dumps({"tools": tools, "summary": report.summary()}, indent=2) + "\n"


def probe_markdown(report: ProbeReport) -> str:
    head = "| tool | mode | why | unknown keys | alias | conforms | static | evidence |"
    lines = [f"### toolargs probe: {_md(report.target)}", "", head, "|" + "---|" * 8]
    for tool in report.tools:
        static = "" if tool.static is None else f"`{static_cell(tool, report)}`"
        lines.append(
            "| "
            + " | ".join(
                (
                    f"`{_md(tool.name)}`",
                    mode_cell(tool),
                    _md(tool.mode_source),
                    tool.unknown_keys or "-",
                    tool.alias or "-",
                    {"yes": "yes", "NO": "**no**", "?": "?", "-": "-"}[conforms_cell(tool)],
                    static,
                    _md(evidence_line(tool, TABLE_EVIDENCE_CHARS)),
                )
            )
            + " |"
        )
    if report.cross_check is not None:
        check = _cross_check_lines(report, report.cross_check, "")
        lines += ["", *(f"- {line}" for line in check)]
    lines += ["", f"**{_md(report.line())}**"]
    return "\n".join(lines) + "\n"


def _cross_check_lines(report: ProbeReport, check: CrossCheck, indent: str) -> list[str]:
    head = f"cross-check with the static audit of {check.source}"
    counts = f"{check.listed} listed, {check.found} found statically"
    if check.clean:
        lines = [f"{head}: clean ({counts})"]
    else:
        lines = [f"{head}: {counts}"]
        if check.not_found_statically:
            names = ", ".join(check.not_found_statically)
            lines.append(f"{indent}listed but not found statically: {names}")
        if check.not_listed:
            names = ", ".join(
                f"{t.name} ({shown_path(t.path, report)}:{t.line})" for t in check.not_listed
            )
            lines.append(f"{indent}found statically but not listed: {names}")
        for d in check.modes_differ:
            lines.append(f"{indent}mode differs: {d.name}: listed {d.listed}, static {d.static}")
    for error in check.errors:
        lines.append(f"{indent}not audited: {error}")
    return lines


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
