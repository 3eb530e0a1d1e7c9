"""The line length a fixed file must keep: the one its project's linters check.

From the nearest folder above the file (or the file's own) that configures one:
flake8's `max-line-length` (`.flake8`, `setup.cfg`, `tox.ini`), ruff's and black's
`line-length` (`pyproject.toml`, `ruff.toml`, `.ruff.toml`). When one folder sets
several, the smallest wins, so no linter of the project complains. Else 88, black's
and ruff's default.
"""

from __future__ import annotations

import configparser
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

DEFAULT_LINE_LENGTH = 88
_INI_FILES = (".flake8", "setup.cfg", "tox.ini")
_TOML_FILES = ("pyproject.toml", "ruff.toml", ".ruff.toml")


def line_length_for(path: str) -> int:
    """The line length of the project `path` belongs to."""
    if not path:
        return DEFAULT_LINE_LENGTH
    try:
        folder = Path(path).resolve().parent
    except (OSError, RuntimeError):
        return DEFAULT_LINE_LENGTH
    return _for_folder(folder)


@lru_cache(maxsize=256)
def _for_folder(folder: Path) -> int:
    found = _configured(folder)
    if found:
        return min(found)
    if folder.parent == folder:
        return DEFAULT_LINE_LENGTH
    return _for_folder(folder.parent)


def _configured(folder: Path) -> list[int]:
    lengths: list[int] = []
    for name in _INI_FILES:
        file = folder / name
        if file.is_file():
            lengths += _from_ini(file)
    for name in _TOML_FILES:
        file = folder / name
        if file.is_file():
            lengths += _from_toml(file, top_level=name != "pyproject.toml")
    return [n for n in lengths if n > 0]


def _from_ini(file: Path) -> list[int]:
    parser = configparser.RawConfigParser()
    try:
        parser.read(file, encoding="utf-8")
    except (configparser.Error, OSError, UnicodeDecodeError):
        return []
    for section in ("flake8", "pycodestyle"):
        for key in ("max-line-length", "max_line_length"):
            if parser.has_option(section, key):
                value = _integer(parser.get(section, key).split("#")[0].strip())
                if value is not None:
                    return [value]
    return []


def _from_toml(file: Path, *, top_level: bool) -> list[int]:
    try:
        data: dict[str, Any] = tomllib.loads(file.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError):
        return []
    tables: list[Any] = [data] if top_level else []
    tool = data.get("tool", {})
    if isinstance(tool, dict):
        tables += [tool.get("ruff"), tool.get("black")]
        flake8 = tool.get("flake8")  # flake8-pyproject
        if isinstance(flake8, dict):
            tables.append({"line-length": flake8.get("max-line-length")})
    lengths = []
    for table in tables:
        if isinstance(table, dict):
            value = _integer(table.get("line-length", table.get("line_length")))
            if value is not None:
                lengths.append(value)
    return lengths


def _integer(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None
