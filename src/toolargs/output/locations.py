"""Paths as CI services want them: relative to the repository root, forward slashes.

The repository root is the current directory (where CI runs the command). A file
outside it keeps its absolute path.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

SRCROOT = "%SRCROOT%"


def repo_relative(path: str) -> str | None:
    """`path` relative to the current directory, in POSIX form; None when outside it."""
    # abspath, not resolve: a symlink inside the repository is reported where it is.
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(os.getcwd()).as_posix()
    except ValueError:
        return None


def display_path(path: str) -> str:
    relative = repo_relative(path)
    return relative if relative is not None else Path(os.path.abspath(path)).as_posix()


def artifact_location(path: str) -> dict[str, str]:
    """A SARIF artifactLocation: relative to %SRCROOT% when possible, else a file URI."""
    relative = repo_relative(path)
    if relative is not None:
        return {"uri": quote(relative, safe="/"), "uriBaseId": SRCROOT}
    return {"uri": Path(os.path.abspath(path)).as_uri()}


def srcroot_uri() -> str:
    return Path(os.getcwd()).as_uri() + "/"
