"""Small packages written for a test: a folder, its `__init__.py`, its modules."""

from __future__ import annotations

from pathlib import Path


def write_package(folder: Path, files: dict[str, str]) -> Path:
    """`folder` as a package holding `files` (relative path -> text); `__init__.py` is
    empty unless `files` gives one."""
    for name, text in {"__init__.py": "", **files}.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder
