"""The audit: every tool with its verdict, mutation tools first, and the one-line summary."""

from __future__ import annotations

from dataclasses import dataclass, field

from toolargs.model import Diagnostic, ToolReport


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
        about_file = [
            d for d in self.diagnostics if d.path == row.tool.path and d.code == code
        ]
        # A finding naming the tool first; then a server-level one that covers it.
        for wanted in (row.tool.name, None):
            for diagnostic in about_file:
                if diagnostic.tool == wanted:
                    return diagnostic.message
        # One whose evidence is in another file: as reported at the tool.
        for diagnostic in self.diagnostics:
            at = diagnostic.at_tool
            if at is not None and diagnostic.code == code and diagnostic.tool == row.tool.name:
                if (at[0], at[1], at[2]) == (row.tool.path, row.tool.line, row.tool.col):
                    return at[3]
        return None


def audit_order(row: AuditRow) -> tuple[int, str, int, int, str]:
    """Mutation tools first: they are what a reviewer must look at."""
    tool = row.tool
    return (0 if tool.mode == "mutation" else 1, tool.path, tool.line, tool.col, tool.name)
