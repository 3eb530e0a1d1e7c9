"""Fixing one module's source: plan, apply in one pass, re-check, repeat if needed.

Every pass is confirmed by parsing and judging the result again. A pass whose result
does not parse, or that brings a finding the source did not have, is thrown away, and
what it meant to fix is left for a person. A fix can enable another (a new KNOWN_ARGS
that a later pass keeps in step), so up to three passes run.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Mapping

import libcst as cst

from toolargs.analysis import (
    Analysis,
    analyze_module,
    enabled_by_default,
    once_per_place,
    parse,
    place,
)
from toolargs.config import Config, ConfigError
from toolargs.fixer.edits import apply
from toolargs.fixer.imports import drop_unused
from toolargs.fixer.line_length import line_length_for
from toolargs.fixer.plan import FIXABLE, Modes, plan_enforcement, plan_fixes
from toolargs.model import Diagnostic, Finding
from toolargs.noqa import file_is_skipped, is_suppressed, noqa_lines, physical_lines
from toolargs.prefilter import may_define_tools
from toolargs.source import SourceError, overlaid

MAX_PASSES = 3
Key = tuple[str, "str | None"]


@dataclass(frozen=True)
class FixResult:
    """One module before and after: what was fixed, and what still needs a person."""

    path: str
    source: str
    new_source: str
    fixed: tuple[Diagnostic, ...] = ()  # as reported on the original source
    remaining: tuple[Diagnostic, ...] = ()  # as reported on the fixed source
    reasons: Mapping[Key, str] = field(default_factory=dict)  # why a finding was not fixed
    error: str | None = None
    # Servers this module's tools are served by, built in another module of the package
    # (name there -> that module's path), and the modes enforce_policy must be told there
    elsewhere: Mapping[str, str] = field(default_factory=dict)
    modes: Mapping[str, Modes] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return self.new_source != self.source

    def reason(self, diagnostic: Diagnostic) -> str | None:
        return self.reasons.get((diagnostic.code, diagnostic.tool))


def fix_source(
    source: str,
    path: str,
    config: Config,
    enabled: Callable[[str], bool] = enabled_by_default,
) -> FixResult:
    """The fixed source of one module; never raises for bad input (see `error`)."""
    if not may_define_tools(source, config):
        return FixResult(path, source, source)
    try:
        module = parse(source, path)
    except SourceError as exc:
        return FixResult(path, source, source, error=str(exc))
    try:
        return _fix(module, source, path, config, enabled)
    except ConfigError:
        raise
    except Exception as exc:  # noqa: BLE001 - one file's fault must not stop the run
        why = f"{type(exc).__name__}: {exc}".replace("\n", " ")
        return FixResult(path, source, source, error=f"{path}: internal error: {why}")


def _fix(
    module: cst.Module, source: str, path: str, config: Config, enabled: Callable[[str], bool]
) -> FixResult:
    analysis = analyze_module(module, path, config)
    original = _kept(analysis, source, path, enabled)
    line_length = line_length_for(path)
    current_source, current = source, original
    reasons: dict[Key, str] = {}
    elsewhere: dict[str, str] = {}
    modes: dict[str, Modes] = {}
    excluded: set[str | None] = set()  # tools whose fix was tried and reverted
    passes = attempts = 0
    while passes < MAX_PASSES and attempts < 2 * MAX_PASSES:
        attempts += 1
        fixable = [
            finding for finding, _ in current
            if finding.code in FIXABLE and finding.tool not in excluded
        ]
        if not fixable:
            break
        with overlaid(path, current_source):
            plan = plan_fixes(
                analysis.model.module, analysis.model, fixable, config, line_length=line_length
            )
        reasons.update(plan.reasons)
        elsewhere.update(plan.elsewhere)
        for name, told in plan.modes.items():
            modes[name] = modes.get(name, Modes()) | told
        if not plan.edits:
            break
        before = analysis.model.module
        code = drop_unused(before, apply(before, plan.edits), line_length).code
        if code == current_source:
            break
        outcome = _confirm(code, path, config, enabled, current)
        if isinstance(outcome, Reverted):
            # Try again without the tools the fix went wrong for; the others still get theirs.
            culprits = outcome.tools if None not in outcome.tools else {f.tool for f in fixable}
            for finding in plan.planned:
                if finding.tool in culprits:
                    reasons[(finding.code, finding.tool)] = outcome.reason_for(finding.tool)
            excluded |= culprits
            continue
        analysis, current = outcome
        current_source = code
        passes += 1
    remaining = [diagnostic for _, diagnostic in current]
    left = Counter((d.code, d.tool) for d in remaining)
    fixed = []
    for _, diagnostic in original:
        key = (diagnostic.code, diagnostic.tool)
        if left[key]:
            left[key] -= 1
        else:
            fixed.append(diagnostic)
    return FixResult(
        path,
        source,
        current_source,
        tuple(once_per_place(fixed)),  # counted as `check` reports them
        tuple(once_per_place(remaining)),
        reasons,
        elsewhere=elsewhere,
        modes=modes,
    )


def enforce_servers(
    source: str, path: str, config: Config, names: Mapping[str, Modes]
) -> str:
    """`source` with enforce_policy added once after the construction of each server
    `names` it builds for tools of other modules (told the modes those tools need);
    `source` itself when nothing applies or the result would not parse."""
    try:
        module = parse(source, path)
        analysis = analyze_module(module, path, config)
        plan = plan_enforcement(
            module, analysis.model, names, config, line_length=line_length_for(path)
        )
        if not plan.edits:
            return source
        code = drop_unused(module, apply(module, plan.edits), line_length_for(path)).code
        cst.parse_module(code)
    except ConfigError:
        raise
    except Exception:  # noqa: BLE001 - a server left as it was is reported, not fatal
        return source
    return code


@dataclass(frozen=True)
class Reverted:
    """A pass thrown away: why, and for which tools (None: not one tool's fault)."""

    reason: str
    tools: frozenset[str | None]
    per_tool: Mapping[str | None, str] = field(default_factory=dict)

    def reason_for(self, tool: str | None) -> str:
        """Each tool's own reason: the finding its fix would bring is its own."""
        return self.per_tool.get(tool, self.reason)


def _confirm(
    code: str,
    path: str,
    config: Config,
    enabled: Callable[[str], bool],
    current: list[tuple[Finding, Diagnostic]],
) -> tuple[Analysis, list[tuple[Finding, Diagnostic]]] | Reverted:
    """The new source's analysis, or why the pass must be thrown away."""
    try:
        module = cst.parse_module(code)
    except cst.ParserSyntaxError:
        return Reverted("the rewritten code would not parse; please report this", frozenset({None}))
    with overlaid(path, code):  # the package analysis reads the rewritten module too
        analysis = analyze_module(module, path, config)
    found = _kept(analysis, code, path, enabled)
    before = Counter((f.code, f.tool) for f, _ in current)
    introduced = Counter((f.code, f.tool) for f, _ in found) - before
    if introduced:
        new = [f for f, _ in found if (f.code, f.tool) in introduced]
        per_tool: dict[str | None, str] = {}
        for finding in new:
            per_tool.setdefault(
                finding.tool, f"a fix was tried and reverted: it would bring {finding.message}"
            )
        return Reverted(per_tool[new[0].tool], frozenset(per_tool), per_tool)
    return analysis, found


def _kept(
    analysis: Analysis, source: str, path: str, enabled: Callable[[str], bool]
) -> list[tuple[Finding, Diagnostic]]:
    """Enabled findings that no `# noqa` silences, each with its position."""
    # A server-level finding the module building the server reports is fixed there.
    findings = [f for f in analysis.findings if enabled(f.code) and not f.reported_at]
    if not findings:
        return []
    lines = physical_lines(source)
    if file_is_skipped(lines):
        return []
    where, _ = place(analysis.model, findings, source)
    statements = noqa_lines(source)
    kept = []
    for finding, (line, col) in zip(findings, where):
        if is_suppressed(finding.code, statements.get(line, "")):
            continue
        diagnostic = Diagnostic(path, line, col, finding.code, finding.message, finding.tool)
        kept.append((finding, diagnostic))
    return kept
