"""The audit: every tool with its verdict, mutation tools first, and the one-line summary."""

from __future__ import annotations

import os
import string
from dataclasses import dataclass, field
from typing import Iterable

from toolargs.codes import CODES
from toolargs.model import Diagnostic, ToolReport

FRAMEWORK_NAMES = {
    "mcp-lowlevel": "MCP SDK low-level Server",
    "mcp-fastmcp": "MCP SDK FastMCP",
    "mcp-mcpserver": "MCP SDK MCPServer",
    "fastmcp": "fastmcp",
    "chuk-mcp-server": "chuk-mcp-server",
}


@dataclass(frozen=True)
class AuditRow:
    tool: ToolReport
    findings: tuple[str, ...]  # the tool's codes after --select/--ignore and `# noqa`
    suppressed: tuple[str, ...] = ()  # codes a `# noqa` comment silenced

    @property
    def conforms(self) -> bool:
        return not self.findings

    @property
    def location(self) -> str:
        return f"{self.tool.path}:{self.tool.line}"


@dataclass(frozen=True)
class AuditSummary:
    tools: int
    read_only: int
    read_only_conform: int
    mutation: int
    mutation_strict: int
    mutation_conform: int

    @property
    def nonconforming(self) -> int:
        return self.tools - self.read_only_conform - self.mutation_conform

    def line(self) -> str:
        """`41 tools: 30 read-only, 28 conform; 11 mutation, 7 strict` (+ what fails)."""
        text = (
            f"{self.tools} tool{'' if self.tools == 1 else 's'}: "
            f"{self.read_only} read-only, {self.read_only_conform} conform; "
            f"{self.mutation} mutation, {self.mutation_strict} strict"
        )
        if self.nonconforming:
            verb = "does" if self.nonconforming == 1 else "do"
            text += f"; {self.nonconforming} {verb} not conform"
        return text

    def as_dict(self) -> dict[str, int]:
        return {
            "tools": self.tools,
            "read_only": self.read_only,
            "read_only_conform": self.read_only_conform,
            "mutation": self.mutation,
            "mutation_strict": self.mutation_strict,
            "mutation_conform": self.mutation_conform,
            "nonconforming": self.nonconforming,
        }


@dataclass(frozen=True)
class Audit:
    rows: tuple[AuditRow, ...]
    diagnostics: tuple[Diagnostic, ...] = ()  # the reported findings, for their messages
    errors: tuple[str, ...] = field(default=())  # files that could not be analysed

    @property
    def summary(self) -> AuditSummary:
        read_only = [row for row in self.rows if row.tool.mode == "read-only"]
        mutation = [row for row in self.rows if row.tool.mode == "mutation"]
        return AuditSummary(
            tools=len(self.rows),
            read_only=len(read_only),
            read_only_conform=sum(row.conforms for row in read_only),
            mutation=len(mutation),
            mutation_strict=sum(row.tool.strict for row in mutation),
            mutation_conform=sum(row.conforms for row in mutation),
        )

    def message_for(self, row: AuditRow, code: str) -> str | None:
        """The finding's own message about this tool, if the checker positioned one."""
        diagnostic = self.diagnostic_for(row, code)
        if diagnostic is None:
            return None
        at = diagnostic.at_tool
        if at is not None and diagnostic.path != row.tool.path:
            return at[3]  # evidence in another file: as reported at the tool
        return diagnostic.message

    def diagnostic_for(self, row: AuditRow, code: str) -> Diagnostic | None:
        """The positioned finding behind one of the tool's codes: where it is, and its
        message (a server-level finding that covers the tool counts)."""
        about_file = [
            d for d in self.diagnostics if d.path == row.tool.path and d.code == code
        ]
        # A finding naming the tool first; then a server-level one that covers it.
        for wanted in (row.tool.name, None):
            for diagnostic in about_file:
                if diagnostic.tool == wanted:
                    return diagnostic
        # One whose evidence is in another file, reported there and at the tool.
        for diagnostic in self.diagnostics:
            at = diagnostic.at_tool
            if at is not None and diagnostic.code == code and diagnostic.tool == row.tool.name:
                if (at[0], at[1], at[2]) == (row.tool.path, row.tool.line, row.tool.col):
                    return diagnostic
        return None


def audit_order(row: AuditRow) -> tuple[int, str, int, int, str]:
    """Mutation tools first: they are what a reviewer must look at."""
    tool = row.tool
    return (0 if tool.mode == "mutation" else 1, tool.path, tool.line, tool.col, tool.name)


# --- Servers: the audit grouped as a person reads it. ---


@dataclass(frozen=True)
class Remedy:
    code: str
    text: str
    tools: int  # how many tools of the server it concerns


@dataclass(frozen=True)
class ServerGroup:
    """The tools one framework server registers (or, without one, those the handlers
    alone decide for), with the facts they share."""

    server: str  # the server object's name in the code ("mcp"), or ""
    framework: str  # a framework id, or "" (no framework server found)
    framework_version: str
    rows: tuple[AuditRow, ...]

    @property
    def title(self) -> str:
        """`server 'mcp': fastmcp 3.x, from pyproject.toml: fastmcp>=3.2`."""
        return server_title(self.rows[0].tool)

    @property
    def folder(self) -> str:
        """The folder holding every tool of the server (paths are shown below it)."""
        return common_folder(row.tool.path for row in self.rows)

    def counts(self) -> str:
        """`35 tools in src/servers/: 16 mutation, 19 read-only; 19 do not conform`."""
        mutation = sum(row.tool.mode == "mutation" for row in self.rows)
        failing = sum(not row.conforms for row in self.rows)
        n = len(self.rows)
        where = f" in {self.folder}" if self.folder else ""
        text = f"{n} tool{'' if n == 1 else 's'}{where}: {mutation} mutation, "
        text += f"{n - mutation} read-only"
        if failing:
            text += f"; {failing} {'does' if failing == 1 else 'do'} not conform"
        else:
            text += "; all conform"
        return text

    def unknown_keys(self) -> str:
        """What happens to an unknown key: one sentence when every tool shares it."""
        counted: dict[str, int] = {}
        for row in self.rows:
            what = row.tool.unknown_keys_why or f"{row.tool.unknown_keys} ({row.tool.handled_by})"
            counted[what] = counted.get(what, 0) + 1
        if len(counted) == 1:
            return next(iter(counted))
        return "; ".join(
            f"{what} ({n} tool{'' if n == 1 else 's'})"
            for what, n in sorted(counted.items(), key=lambda item: -item[1])
        )

    @property
    def decided_by(self) -> str | None:
        """Who decides for every tool of the server, when that is one party."""
        who = {row.tool.handled_by for row in self.rows}
        return who.pop() if len(who) == 1 else None

    def remedies(self, audit: Audit, shared_only: bool = True) -> list[Remedy]:
        """Each remedy once, with how many tools it concerns: the framework's (TAV5xx)
        always, a per-tool one when more than one tool shares it (or `shared_only=False`)."""
        found: dict[tuple[str, str], int] = {}
        for row in self.rows:
            for code in row.findings:
                message = audit.message_for(row, code)
                text = remedy_of(code, message) if message else None
                if text is not None:
                    found[(code, text)] = found.get((code, text), 0) + 1
        return [
            Remedy(code, text, n)
            for (code, text), n in found.items()
            if not shared_only or code.startswith("TAV5") or n > 1
        ]


def server_title(tool: ToolReport) -> str:
    """The tool's server, framework and version: `server 'mcp': MCP SDK FastMCP, mcp 1.x,
    from pyproject.toml: mcp>=1.27`."""
    if not tool.framework:
        return "tools without a framework server: their handlers decide"
    name = f"server '{tool.server}'" if tool.server else "an unnamed server"
    return f"{name}: {framework_text(tool)}"


def framework_text(tool: ToolReport) -> str:
    """`MCP SDK FastMCP, mcp 1.x, from pyproject.toml: mcp>=1.27`, or `fastmcp 3.x, from
    ...` (the package's name is the framework's)."""
    framework = FRAMEWORK_NAMES.get(tool.framework, tool.framework)
    version = tool.framework_version or "version not pinned"
    if version.startswith(f"{framework} "):
        return version
    return f"{framework}, {version}"


def server_groups(audit: Audit) -> list[ServerGroup]:
    """The servers of the audit in the order their first tool comes (mutations first)."""
    grouped: dict[tuple[str, str, str], list[AuditRow]] = {}
    for row in audit.rows:
        tool = row.tool
        key = (tool.framework, tool.framework_version, tool.server if tool.framework else "")
        grouped.setdefault(key, []).append(row)
    return [
        ServerGroup(server, framework, version, tuple(sorted(rows, key=audit_order)))
        for (framework, version, server), rows in grouped.items()
    ]


def remedy_of(code: str, message: str) -> str | None:
    """The remedy a finding's message ends with: the text after the last ': ' of its
    template's literal text, or None when its template names none."""
    known = CODES.get(code)
    if known is None:
        return None
    literal = ""
    for text, _field, _spec, _conversion in string.Formatter().parse(known.message):
        if ": " in text:
            literal = text
    before = literal.rsplit(": ", 1)[0]
    if not before:
        return None
    at = message.rfind(f"{before}: ")
    if at < 0:
        return None
    return message[at + len(before) + 2:].strip() or None


def common_folder(paths: Iterable[str]) -> str:
    """The deepest folder holding every path ('' when they share none), with a slash."""
    folders = [os.path.dirname(path) for path in paths]
    if not folders or not all(folders):
        return ""
    try:
        common = os.path.commonpath(folders)
    except ValueError:  # absolute and relative paths mixed
        return ""
    return common + "/" if common else ""
