"""What front ends say about a code, derived from the one catalog in toolargs.codes."""

from __future__ import annotations

import string
from typing import Literal

from toolargs.codes import CODES
from toolargs.model import Diagnostic

Level = Literal["error", "warning", "note"]

# The project's home; the README there holds one section per rule. Keep in step with
# [project.urls] Homepage in pyproject.toml (a test checks).
HOMEPAGE = "https://github.com/toolargs/toolargs"

# Words in message templates that only inflect the sentence ("propert{ies}", "{them}").
_GRAMMAR = {"ies": "ies", "es": "es", "them": "them"}


def default_level(code: str) -> Level:
    known = CODES.get(code)
    if known is not None and not known.default_enabled:
        return "note"
    if code.startswith(("TAV4", "TAV9")):
        return "warning"
    return "error"


def rule_anchor(code: str) -> str:
    """The README section of a rule: a heading `TAV101 unknown-args-ignored` on GitHub."""
    known = CODES.get(code)
    return f"{code.lower()}-{known.name}" if known else code.lower()


def help_uri(code: str) -> str:
    return f"{HOMEPAGE}#{rule_anchor(code)}"


def generic_message(code: str) -> str:
    """The message template with its placeholders shown as `<tool>`, `<keys>`…"""
    template = CODES[code].message
    parts = []
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        parts.append(literal)
        if field is not None:
            parts.append(_GRAMMAR.get(field, f"<{field}>"))
    return "".join(parts)


def message_body(diagnostic: Diagnostic) -> str:
    """The message without its leading code, for formats that carry the code apart."""
    prefix = f"{diagnostic.code} "
    text = diagnostic.message
    return text[len(prefix):] if text.startswith(prefix) else text


def full_message(diagnostic: Diagnostic) -> str:
    """The message starting with its code, as flake8 prints it."""
    prefix = f"{diagnostic.code} "
    text = diagnostic.message
    return text if text.startswith(prefix) else prefix + text
