"""`--select`/`--ignore` decisions, code by code, against flake8's rules."""

from __future__ import annotations

import pytest

from toolargs.cli.selection import Selection, SelectionError, parse_prefixes
from toolargs.codes import CODES


@pytest.mark.parametrize(
    ("select", "ignore", "code", "enabled"),
    [
        (None, (), "TAV101", True),
        (None, (), "TAV402", False),
        (None, ("TAV1",), "TAV101", False),
        (None, ("TAV1",), "TAV201", True),
        (("TAV2",), (), "TAV101", False),
        (("TAV2",), (), "TAV201", True),
        (("TAV",), (), "TAV402", False),  # the family must be named
        (("TAV4",), (), "TAV402", True),
        (("TAV402",), (), "TAV402", True),
        (("TAV4",), ("TAV402",), "TAV402", False),
        (("TAV101",), ("TAV1",), "TAV101", True),  # the longer prefix wins
        (("TAV1",), ("TAV1",), "TAV101", False),  # a tie is ignored
        (("TAV1",), ("TAV101",), "TAV101", False),
        (("TAV1",), ("TAV101",), "TAV102", True),
    ],
)
def test_decisions(
    select: tuple[str, ...] | None, ignore: tuple[str, ...], code: str, enabled: bool
) -> None:
    assert Selection(select, ignore).is_enabled(code) is enabled


def test_defaults_are_the_catalog_defaults() -> None:
    assert Selection().enabled_codes() == tuple(c for c in CODES if CODES[c].default_enabled)


def test_prefixes_are_split_normalised_and_checked() -> None:
    assert parse_prefixes(["tav1, TAV201", "TAV3"], "--select") == ("TAV1", "TAV201", "TAV3")
    with pytest.raises(SelectionError, match="'E501' matches no toolargs code"):
        parse_prefixes(["TAV1,E501"], "--select")
    with pytest.raises(SelectionError, match="TAV1000"):
        parse_prefixes(["TAV1000"], "--ignore")
