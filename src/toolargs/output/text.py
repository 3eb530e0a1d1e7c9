"""`path:line:col: CODE message`, one finding a line, as flake8 prints them."""

from __future__ import annotations

from typing import Iterable

from toolargs.model import Diagnostic
from toolargs.output.rule_docs import full_message


def format_text(diagnostics: Iterable[Diagnostic]) -> str:
    return "".join(
        f"{d.path}:{d.line}:{d.col}: {full_message(d)}\n" for d in diagnostics
    )
