"""`toolargs fix` over files: read safely, write back only a changed result, summarise.

A file keeps its encoding, its BOM and its line endings; it is written only when the
fixed bytes differ and the result decodes back to the same text. Nothing is written
outside the paths the user named: a symlink that leads out of them is skipped.
"""

from __future__ import annotations

import difflib
import io
import os
import shutil
import sys
import tempfile
import tokenize
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Sequence, TextIO

from toolargs.analysis import enabled_by_default
from toolargs.config import Config
from toolargs.discovery.project import project_for
from toolargs.fixer.engine import FixResult, enforce_servers, fix_source
from toolargs.fixer.plan import Modes, building_module
from toolargs.source import SourceError, decode

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2


@dataclass
class FixSummary:
    diff: bool
    results: list[FixResult] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    # enforce_policy added where a server is built, for tools of other modules
    enforced: list[str] = field(default_factory=list)

    @property
    def fixed(self) -> int:
        return sum(len(r.fixed) for r in self.results)

    # the modules that got it (or, with --diff, would)
    enforced_in: list[str] = field(default_factory=list)

    @property
    def files_fixed(self) -> int:
        changed = {r.path for r in self.results if r.fixed and r.changed}
        return len(changed | set(self.enforced_in))

    @property
    def remaining(self) -> int:
        return sum(len(r.remaining) for r in self.results)

    @property
    def exit_code(self) -> int:
        """2 for a file that could not be read, parsed or written; 1 for work left over."""
        if self.errors:
            return EXIT_ERROR
        pending = self.diff and any(r.changed for r in self.results)
        return EXIT_FINDINGS if self.remaining or pending else EXIT_CLEAN

    def line(self) -> str:
        verb = "would fix" if self.diff else "fixed"
        files = "file" if self.files_fixed == 1 else "files"
        findings = "finding" if self.fixed == 1 else "findings"
        head = f"{verb} {self.fixed} {findings} in {self.files_fixed} {files}"
        if not self.remaining:
            return f"{head}; none left that need a person"
        left = "finding needs" if self.remaining == 1 else "findings need"
        return f"{head}; {self.remaining} {left} a person"


def fix_paths(
    paths: Sequence[Path],
    config: Config,
    *,
    diff: bool = False,
    enabled: Callable[[str], bool] | None = None,
    select: tuple[str, ...] | None = None,
    ignore: tuple[str, ...] = (),
    roots: Sequence[Path] | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> FixSummary:
    """Fix every file (or, with `diff`, print what would change) and report on it.

    `enabled` decides which codes are fixed and counted; the CLI may pass its
    `select`/`ignore` prefixes instead. `roots` are the paths the user named: a file
    reached through a symlink is only touched when it really lies inside one of them.
    """
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    if enabled is None:
        enabled = _selection(select, ignore)
    allowed = [Path(r).resolve() for r in (roots if roots is not None else [Path.cwd()])]
    summary = FixSummary(diff)
    for path in paths:
        result = _fix_file(Path(path), config, enabled, allowed, summary, diff, out)
        if result is not None:
            summary.results.append(result)
    _enforce_where_built(summary, config, enabled, allowed, diff, out)
    _report(summary, out if not diff else err)
    return summary


def _selection(
    select: tuple[str, ...] | None, ignore: tuple[str, ...]
) -> Callable[[str], bool]:
    if select is None and not ignore:
        return enabled_by_default
    from toolargs.cli.selection import Selection

    return Selection(select=select, ignore=tuple(ignore)).is_enabled


def _fix_file(
    path: Path,
    config: Config,
    enabled: Callable[[str], bool],
    allowed: list[Path],
    summary: FixSummary,
    diff: bool,
    out: TextIO,
) -> FixResult | None:
    real = path.resolve()
    if real != Path(os.path.abspath(path)) and not any(_within(real, r) for r in allowed):
        summary.errors.append(f"{path}: skipped: a symlink to {real}, outside the paths given")
        return None
    try:
        data = path.read_bytes()
        source = decode(data, str(path))
    except OSError as exc:
        summary.errors.append(f"{path}: cannot read: {exc.strerror or exc}")
        return None
    except SourceError as exc:
        summary.errors.append(str(exc))
        return None
    result = fix_source(source, str(path), config, enabled)
    if result.error is not None:
        summary.errors.append(result.error)
        return result
    if not result.changed:
        return result
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    try:
        new_data = result.new_source.encode(encoding)
        same_text = decode(new_data, str(path)) == result.new_source
    except (UnicodeEncodeError, SourceError):
        same_text = False
    if not same_text:
        summary.errors.append(f"{path}: not written: the fix cannot be saved as {encoding}")
        return FixResult(result.path, source, source, (), result.remaining, result.reasons)
    if new_data == data:
        return result
    if diff:
        out.write(unified_diff(source, result.new_source, str(path)))
        return result
    try:
        _write(real, new_data)
    except OSError as exc:
        summary.errors.append(f"{path}: cannot write: {exc.strerror or exc}")
        return FixResult(result.path, source, source, (), result.remaining, result.reasons)
    summary.written.append(str(path))
    return result


def _enforce_where_built(
    summary: FixSummary,
    config: Config,
    enabled: Callable[[str], bool],
    allowed: list[Path],
    diff: bool,
    out: TextIO,
) -> None:
    """A server that serves tools of other modules gets enforce_policy once, in the module
    that builds it, when that module lies within the paths given; the modules asking for
    it, and any module left with findings once a file was written, are then judged
    again, so that what the one line fixed counts as fixed."""
    wanted: dict[Path, dict[str, Modes]] = {}
    asking: set[int] = set()
    for number, result in enumerate(summary.results):
        for name, where in result.elsewhere.items():
            building = building_module(Path(result.path), where)
            if building is None or not any(_within(building.resolve(), r) for r in allowed):
                continue
            names = wanted.setdefault(_shown(building), {})
            names[name] = names.get(name, Modes()) | result.modes.get(name, Modes())
            asking.add(number)
    changed = False
    for building, names in sorted(wanted.items()):
        try:
            data = building.read_bytes()
            source = decode(data, str(building))
        except (OSError, SourceError):
            continue
        new_source = enforce_servers(source, str(building), config, names)
        if new_source == source:
            continue
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        try:
            new_data = new_source.encode(encoding)
        except UnicodeEncodeError:
            continue
        servers = ", ".join(sorted(names))
        if diff:
            out.write(unified_diff(source, new_source, str(building)))
            summary.enforced.append(f"{building}: would add enforce_policy ({servers})")
            summary.enforced_in.append(str(building))
            continue
        try:
            _write(building.resolve(), new_data)
        except OSError as exc:
            summary.errors.append(f"{building}: cannot write: {exc.strerror or exc}")
            continue
        summary.written.append(str(building))
        summary.enforced.append(f"{building}: added enforce_policy ({servers})")
        summary.enforced_in.append(str(building))
        changed = True
    if not changed and not summary.written:
        return
    # The modules just written are read again, not remembered: what a line added in one
    # module fixed in another (the factory building the server of a decorator's module)
    # counts as fixed there.
    project_for.cache_clear()
    for number, old in enumerate(summary.results):
        if number not in asking and not (old.remaining and summary.written):
            continue
        again = fix_source(old.new_source, old.path, config, enabled)
        if again.error is not None:
            continue
        left = Counter((d.code, d.tool) for d in again.remaining)
        vanished = []
        for diagnostic in old.remaining:
            key = (diagnostic.code, diagnostic.tool)
            if left[key]:
                left[key] -= 1
            else:
                vanished.append(diagnostic)
        summary.results[number] = replace(
            old, fixed=old.fixed + tuple(vanished), remaining=again.remaining
        )


def _shown(path: Path) -> Path:
    """The path as the user would write it: relative to the current folder when within."""
    real = path.resolve()
    try:
        return real.relative_to(Path.cwd().resolve())
    except ValueError:
        return real


def _within(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _write(path: Path, data: bytes) -> None:
    """Replace the file in one step, keeping its permissions."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        shutil.copymode(path, temporary)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def unified_diff(before: str, after: str, path: str) -> str:
    """A diff `patch -p0` applies; line endings kept as the file has them."""
    old = io.StringIO(before, newline="").readlines()
    new = io.StringIO(after, newline="").readlines()
    lines = []
    for line in difflib.unified_diff(old, new, fromfile=path, tofile=path):
        if not line.endswith(("\n", "\r")):
            line += "\n\\ No newline at end of file\n"
        lines.append(line)
    return "".join(lines)


def _imports_runtime(result: FixResult) -> bool:
    """Whether the fix brought the first import of toolargs' runtime into the module."""
    runtime = "toolargs.runtime"
    return result.changed and runtime in result.new_source and runtime not in result.source


def _report(summary: FixSummary, stream: TextIO) -> None:
    """What was fixed, what is left (with why, when a fix was tried), and one summary line."""
    verb = "would fix" if summary.diff else "fixed"
    for result in summary.results:
        # A module that is not rewritten had its findings fixed where its server is built.
        buildings = {
            str(_shown(building))
            for where in (result.elsewhere.values() if not result.changed else ())
            if (building := building_module(Path(result.path), where)) is not None
        }
        by = f", by enforce_policy in {min(buildings)}" if len(buildings) == 1 else ""
        for d in result.fixed:
            stream.write(
                f"{d.path}:{d.line}:{d.col}: {verb} {d.code} ({d.tool or 'module'}){by}\n"
            )
    for result in summary.results:
        for d in result.remaining:
            stream.write(f"{d.path}:{d.line}:{d.col}: {d.message}\n")
            why = result.reason(d)
            if why:
                stream.write(f"    not fixed: {why}\n")
    for line in summary.enforced:
        stream.write(f"{line}\n")
    if summary.enforced_in or any(_imports_runtime(r) for r in summary.results):
        stream.write(
            "note: the fixed code imports toolargs.runtime when the server runs: add "
            "toolargs to the server's dependencies\n"
        )
    for error in summary.errors:
        stream.write(f"{error}\n")
    stream.write(summary.line() + "\n")
