"""The analysis engine: one parse, one model, every rule, positioned diagnostics."""

from __future__ import annotations

from pathlib import Path

import libcst as cst

from toolargs.config import Config
from toolargs.model import FileReport
from toolargs.source import SourceError, read


def analyze_source(source: str, path: str, config: Config) -> FileReport:
    """Judge one module's source. Never raises: problems become `error` or TAV999."""
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError as exc:
        return FileReport(path, error=f"{path}:{exc.raw_line}:{exc.raw_column + 1}: "
                          f"cannot parse: {exc.message}")
    del module
    return FileReport(path)


def analyze_path(path: Path, config: Config) -> FileReport:
    try:
        source = read(path)
    except SourceError as exc:
        return FileReport(str(path), error=str(exc))
    return analyze_source(source, str(path), config)
