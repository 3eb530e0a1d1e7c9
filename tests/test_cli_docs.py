"""docs/cli.md and docs/configuration.md stay true: every option, configuration key,
default and exclude is there."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from toolargs.cli.main import build_parser
from toolargs.config import OPTIONS, Config
from toolargs.files import DEFAULT_EXCLUDES

DOCS = Path(__file__).resolve().parent.parent / "docs"
DOC = (DOCS / "cli.md").read_text("utf-8")
CONFIGURATION = (DOCS / "configuration.md").read_text("utf-8")


def config_rows() -> dict[str, str]:
    rows = {}
    for line in CONFIGURATION.splitlines():
        match = re.match(r"^\| `([a-z-]+)` \| .* \| (.*) \|$", line)
        if match and match.group(1) in OPTIONS:
            rows[match.group(1)] = match.group(2)
    return rows


def test_every_configuration_key_is_documented_with_its_default() -> None:
    rows = config_rows()
    assert list(rows) == list(OPTIONS)
    defaults = Config()
    for key, option in OPTIONS.items():
        value = getattr(defaults, option.attribute)
        items = value if isinstance(value, tuple) else (value,)
        expected = ", ".join(f"`{item}`" for item in items) or "(none)"
        assert rows[key] == expected, key


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


@pytest.mark.parametrize("command", ["check", "audit", "fix", "rule"])
def test_every_option_of_every_command_is_documented(command: str) -> None:
    assert f"### `toolargs {command}" in DOC
    for action in subcommands()[command]._actions:
        for flag in action.option_strings:
            if flag not in ("-h", "--help"):
                assert f"`{flag}" in DOC, flag
        for choice in action.choices or ():
            assert f"{choice}" in DOC, choice


def test_every_default_exclude_is_documented() -> None:
    for pattern in DEFAULT_EXCLUDES:
        assert f"`{pattern}`" in DOC, pattern
