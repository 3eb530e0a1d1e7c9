"""Classifying a tool as read-only or mutation, with the reason.

One precedence for the checker and for run-time enforcement (`toolargs.policy`), so
this module imports nothing but the configuration: no libcst.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase

from toolargs.config import Config, Mode


@dataclass(frozen=True)
class Annotations:
    """A tool's `readOnlyHint` and `destructiveHint`, as far as they can be read."""

    read_only: bool | None
    destructive: bool | None
    text: str  # as written, for messages
    resolved: bool = True  # False: an expression the checker cannot read


@dataclass(frozen=True)
class Classification:
    mode: Mode
    source: str  # why: "annotation readOnlyHint=True", "name pattern 'refactor_*'", ...
    conflict_pattern: str = ""  # a mutation pattern contradicting a read-only annotation
    read_only_hint: bool | None = None


def matching_pattern(name: str, patterns: tuple[str, ...]) -> str | None:
    for pattern in patterns:
        if fnmatchcase(name, pattern):
            return pattern
    return None


def classify(
    name: str,
    annotations: Annotations | None,
    markers: tuple[str, ...],
    config: Config,
) -> Classification:
    """Annotations, then marker base classes, then name patterns, then the default."""
    mutation_pattern = matching_pattern(name, config.mutation_tools)
    if annotations is not None and annotations.resolved:
        # The MCP default for a missing readOnlyHint is false: annotated means mutation
        # unless it says read-only (and destructiveHint=True always means mutation).
        if annotations.read_only and not annotations.destructive:
            if mutation_pattern is not None:
                return Classification(
                    "mutation",
                    f"name pattern '{mutation_pattern}' (annotated read-only)",
                    mutation_pattern,
                    True,
                )
            return Classification("read-only", "annotation readOnlyHint=True", "", True)
        if annotations.destructive:
            why = "destructiveHint=True"
        elif annotations.read_only is False:
            why = "readOnlyHint=False"
        else:
            why = "without readOnlyHint"
        return Classification("mutation", f"annotation {why}", "", annotations.read_only)
    for marker in markers:
        if marker in config.mutation_markers:
            return Classification("mutation", f"marker {marker}")
        if marker in config.read_only_markers:
            return Classification("read-only", f"marker {marker}")
    if mutation_pattern is not None:
        return Classification("mutation", f"name pattern '{mutation_pattern}'")
    read_only_pattern = matching_pattern(name, config.read_only_tools)
    if read_only_pattern is not None:
        return Classification("read-only", f"name pattern '{read_only_pattern}'")
    return Classification(config.default_mode, "default")
