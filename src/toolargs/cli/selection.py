"""Which codes a run reports: `--select` and `--ignore` by code prefix, as flake8 decides.

Without `--select`, every code enabled by default is selected (TAV402 is not). A code
matched by both lists goes to the longer, more specific prefix; on a tie it is ignored.
A default-off code needs a `--select` prefix naming at least its family (`TAV4`,
`TAV402`): `--select TAV` means "all the usual codes", as in the flake8 plugin.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from toolargs.codes import CODES

_PREFIX = re.compile(r"^[A-Z]{1,3}[0-9]{0,3}$")


class SelectionError(ValueError):
    """A `--select`/`--ignore` value that names no toolargs code."""


def parse_prefixes(values: Iterable[str], option: str) -> tuple[str, ...]:
    """Split comma-separated option values into code prefixes, checking each one."""
    prefixes: list[str] = []
    for value in values:
        for part in re.split(r"[,\s]", value):
            prefix = part.strip().upper()
            if not prefix:
                continue
            if not _PREFIX.match(prefix) or not any(code.startswith(prefix) for code in CODES):
                raise SelectionError(
                    f"{option} {part.strip()!r} matches no toolargs code "
                    f"(codes look like TAV101; a prefix such as TAV1 selects a family)"
                )
            prefixes.append(prefix)
    return tuple(prefixes)


@dataclass(frozen=True)
class Selection:
    select: tuple[str, ...] | None = None  # None: the default selection
    ignore: tuple[str, ...] = ()

    def is_enabled(self, code: str) -> bool:
        chosen = _longest(code, self.select or ())
        if self.select is not None and chosen is None:
            return False
        known = CODES.get(code)
        if known is not None and not known.default_enabled:
            if chosen is None or not any(char.isdigit() for char in chosen):
                return False
        ignored = _longest(code, self.ignore)
        if ignored is None:
            return True
        return chosen is not None and len(chosen) > len(ignored)

    def enabled_codes(self) -> tuple[str, ...]:
        return tuple(code for code in CODES if self.is_enabled(code))


def _longest(code: str, prefixes: tuple[str, ...]) -> str | None:
    matching = [prefix for prefix in prefixes if code.startswith(prefix)]
    return max(matching, key=len) if matching else None
