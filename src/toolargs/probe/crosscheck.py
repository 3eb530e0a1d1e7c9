"""`--source`: the static audit of the server's code, set against what it lists.

A tool listed at run time but not found statically is a discovery miss; one found
statically but not listed was registered conditionally, removed, or found in error; a
mode the listing and the audit disagree on is a classification to fix. The audit runs
in process, with the same analysis as `toolargs audit`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from toolargs.config import FoundConfig, config_for_paths
from toolargs.discovery.schema import load_schema_files
from toolargs.files import DEFAULT_EXCLUDES, PathError, find_files, normalize_patterns
from toolargs.model import ToolReport
from toolargs.probe.listing import ModeChoice


@dataclass(frozen=True)
class StaticAudit:
    source: str
    tools: tuple[ToolReport, ...]
    errors: tuple[str, ...]  # files the audit could not read or parse

    def by_name(self) -> dict[str, ToolReport]:
        """The first tool of each name, in the audit's file order."""
        found: dict[str, ToolReport] = {}
        for tool in self.tools:
            found.setdefault(tool.name, tool)
        return found


@dataclass(frozen=True)
class ModeDifference:
    name: str
    listed: str  # "read-only (listed annotation readOnlyHint=True)"
    static: str  # "mutation (effect: ...)"


@dataclass(frozen=True)
class CrossCheck:
    source: str
    listed: int
    found: int
    not_found_statically: tuple[str, ...]
    not_listed: tuple[ToolReport, ...]
    modes_differ: tuple[ModeDifference, ...]
    errors: tuple[str, ...]

    @property
    def clean(self) -> bool:
        return not (self.not_found_statically or self.not_listed or self.modes_differ)


def config_for(source: Path | None, named: Path | None = None) -> FoundConfig:
    """The configuration `toolargs audit` would use on `source` (or the one `--config`
    names): the nearest file configuring toolargs above it."""
    if named is not None and not named.is_file():
        raise PathError(f"--config {named}: no such file")
    found = config_for_paths([source if source is not None else Path(".")], named)
    load_schema_files(found.config)  # a missing schema file is an error before any start
    return found


def static_audit(source: Path, found: FoundConfig) -> StaticAudit:
    if not source.exists():
        raise PathError(f"--source {source}: no such file or folder")
    # The CLI's own file runner, imported here: toolargs.cli imports this package.
    from toolargs.cli.run import analyze_files, default_jobs
    from toolargs.cli.selection import Selection

    patterns = normalize_patterns(DEFAULT_EXCLUDES)
    files = find_files([str(source)], patterns, base=found.project_root)
    results = analyze_files(files, found.config, Selection(), default_jobs())
    tools = tuple(tool for result in results for tool in result.report.tools)
    errors = tuple(r.report.error for r in results if r.report.error)
    return StaticAudit(str(source), tools, errors)


def cross_check(
    audit: StaticAudit, listed: dict[str, ModeChoice]
) -> CrossCheck:
    """`listed`: each listed tool's name and the mode the probe chose for it."""
    static = audit.by_name()
    differ = []
    for name, choice in listed.items():
        tool = static.get(name)
        if tool is None or choice.listed is None:
            continue  # without listed annotations the probe took the static mode
        mode, why = choice.listed
        if mode != tool.mode:
            differ.append(
                ModeDifference(name, f"{mode} ({why})", f"{tool.mode} ({tool.mode_source})")
            )
    return CrossCheck(
        source=audit.source,
        listed=len(listed),
        found=len(static),
        not_found_statically=tuple(name for name in listed if name not in static),
        not_listed=tuple(tool for name, tool in static.items() if name not in listed),
        modes_differ=tuple(differ),
        errors=audit.errors,
    )
