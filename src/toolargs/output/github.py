"""GitHub Actions workflow commands: each finding becomes an annotation on the diff.

Values are escaped as the Actions runner expects: `%`, CR and LF everywhere, and also
`:` and `,` inside the properties (file, title…), which those characters would split.
"""

from __future__ import annotations

from typing import Iterable

from toolargs.model import Diagnostic
from toolargs.output.locations import display_path
from toolargs.output.rule_docs import default_level, message_body

_COMMANDS = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def annotation(diagnostic: Diagnostic) -> str:
    command = _COMMANDS[default_level(diagnostic.code)]
    properties = ",".join(
        f"{key}={escape_property(value)}"
        for key, value in (
            ("file", display_path(diagnostic.path)),
            ("line", str(diagnostic.line)),
            ("col", str(diagnostic.col)),
            ("title", diagnostic.code),
        )
    )
    return f"::{command} {properties}::{escape_data(message_body(diagnostic))}"


def format_github(diagnostics: Iterable[Diagnostic]) -> str:
    return "".join(annotation(d) + "\n" for d in diagnostics)
