"""Finding the Python files to check, the way flake8 does.

Folders are walked for `*.py`; a file named on the command line is always checked
(whatever its suffix) unless an exclude pattern matches it. Exclude patterns are
fnmatch globs tried against each file's or folder's base name and against its absolute
path, so `--exclude` values written for flake8 work unchanged. Unlike flake8, a file
named explicitly is also skipped when a folder on its path is excluded: pre-commit names
every changed file, and `build/` or `.venv/` must stay skipped then too.
"""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path
from typing import Callable, Iterable, Sequence

from toolargs.flow.frameworks import PACKAGES, VENDOR_FOLDERS

# VCS, caches, virtualenvs and build output: never a server's own source.
DEFAULT_EXCLUDES: tuple[str, ...] = (
    ".git",
    ".hg",
    ".svn",
    ".bzr",
    "CVS",
    "_darcs",
    "__pycache__",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    ".tox",
    ".nox",
    ".eggs",
    "*.egg",
    "*.egg-info",
    ".venv",
    "venv",
    ".direnv",
    "__pypackages__",
    "site-packages",
    "node_modules",
    "build",
    "dist",
    "_build",
    "buck-out",
)

PYTHON_SUFFIX = ".py"
# A file named on the command line with one of these is a Python file.
PYTHON_SUFFIXES = (".py", ".pyi", ".pyw")


class PathError(ValueError):
    """A path given on the command line that does not exist."""


def normalize_patterns(patterns: Iterable[str], parent: Path | None = None) -> tuple[str, ...]:
    """Make patterns holding a separator absolute, as flake8 does for `--exclude`.

    `build` matches any folder called build; `./build` or `src/gen/*` only that one.
    """
    base = parent or Path.cwd()
    result = []
    for pattern in patterns:
        pattern = pattern.strip()
        if not pattern:
            continue
        if pattern == "." or os.sep in pattern or (os.altsep and os.altsep in pattern):
            pattern = os.path.abspath(os.path.join(base, pattern))
        result.append(pattern.rstrip(os.sep + (os.altsep or "")))
    return tuple(result)


def is_excluded(path: str, patterns: Sequence[str]) -> bool:
    if not patterns:
        return False
    basename = os.path.basename(path)
    if basename not in {".", ".."} and _matches(basename, patterns):
        return True
    return _matches(os.path.abspath(path), patterns)


def _matches(name: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(name, pattern) for pattern in patterns)


def _in_excluded_folder(path: str, patterns: Sequence[str], base: str | None) -> bool:
    """Whether a folder between `base` (the project root; default the current folder)
    and `path` is excluded.

    Folders above it are never looked at: a checkout under `~/build/` must not exclude
    itself.
    """
    relative = os.path.relpath(os.path.abspath(path), base)
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return False
    folder = os.path.dirname(relative)
    while folder:
        inside = folder if base is None else os.path.join(base, folder)
        if is_excluded(inside, patterns) or _is_virtualenv(inside):
            return True
        folder = os.path.dirname(folder)
    return False


def _looks_like_python(path: str) -> bool:
    """A `.py` name, or a script whose first line runs Python (pre-commit names those too)."""
    if path.endswith(PYTHON_SUFFIXES):
        return True
    try:
        with open(path, "rb") as stream:
            first = stream.readline(200)
    except OSError:
        return True  # unreadable: reading it later says so, one warning is enough
    return first.startswith(b"#!") and b"python" in first


def _is_virtualenv(folder: str) -> bool:
    # A virtualenv under any name: its marker file says so.
    return os.path.isfile(os.path.join(folder, "pyvenv.cfg"))


def _is_vendored_framework(parent: str, name: str) -> bool:
    """A project's copy of a framework the checker models (`ha_mcp/_vendor/fastmcp/`):
    the framework's code, read as the framework where the project imports it, never
    checked as the project's."""
    return os.path.basename(parent) in VENDOR_FOLDERS and name in PACKAGES


def find_files(
    paths: Sequence[str],
    exclude: Sequence[str],
    warn: Callable[[str], None] | None = None,
    base: Path | None = None,
) -> list[Path]:
    """Every file to check under `paths`, sorted, each once.

    Raises PathError for a path that does not exist: a typo in CI must not pass as clean.
    `warn` hears of a folder that holds no Python file to check and of a named file that
    is not a `.py` file, so that neither looks like a clean result. Excluded folders are
    looked for below `base`, the project root (default: the current folder).
    """
    found: dict[str, Path] = {}
    below = None if base is None else os.path.abspath(base)
    for arg in paths:
        if not os.path.exists(arg):
            raise PathError(f"{arg}: no such file or folder")
        if not os.path.isdir(arg):
            if is_excluded(arg, exclude) or _in_excluded_folder(arg, exclude, below):
                continue  # pre-commit names files of excluded folders too: no warning
            if warn is not None and not _looks_like_python(arg):
                warn(f"{arg}: not a Python file (*.py); checked as Python anyway")
            found.setdefault(os.path.normpath(arg), Path(arg))
            continue
        walked = 0 if is_excluded(arg, exclude) else _walk(arg, exclude, found)
        if warn is not None and not walked:
            warn(f"{arg}: no Python file to check in this folder")
    return [found[key] for key in sorted(found)]


def _walk(arg: str, exclude: Sequence[str], found: dict[str, Path]) -> int:
    """Add the Python files under folder `arg` to `found`; how many there were."""
    count = 0
    for root, folders, files in os.walk(arg):
        folders[:] = sorted(
            name
            for name in folders
            if not is_excluded(os.path.join(root, name), exclude)
            and not _is_virtualenv(os.path.join(root, name))
            and not _is_vendored_framework(root, name)
        )
        for name in files:
            if not name.endswith(PYTHON_SUFFIX):
                continue
            joined = os.path.join(root, name)
            if not is_excluded(joined, exclude):
                found.setdefault(os.path.normpath(joined), Path(joined))
                count += 1
    return count
