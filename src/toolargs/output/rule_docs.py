"""What front ends say about a code, derived from the one catalog in toolargs.codes."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Literal

from toolargs.codes import CODES
from toolargs.model import Diagnostic

Level = Literal["error", "warning", "note"]

# The project's home. Keep in step with [project.urls] Homepage in pyproject.toml (a
# test checks). Each rule has a page docs/rules/TAVnnn.md there.
HOMEPAGE = "https://github.com/toolargs/toolargs"
RULES_URL = f"{HOMEPAGE}/blob/main/docs/rules"
# The pages: inside an installed package (setup.py copies docs/rules there at build
# time), else in the source checkout (an editable install reads them from there).
PACKAGED_RULES = Path(__file__).resolve().parents[1] / "rule_pages"
RULES_FOLDER = (
    PACKAGED_RULES if PACKAGED_RULES.is_dir()
    else Path(__file__).resolve().parents[3] / "docs" / "rules"
)

# Words in message templates that only inflect the sentence ("propert{ies}", "{them}").
_GRAMMAR = {"ies": "ies", "es": "es", "them": "them"}


def default_level(code: str) -> Level:
    known = CODES.get(code)
    if known is not None and not known.default_enabled:
        return "note"
    if code.startswith(("TAV4", "TAV9")):
        return "warning"
    return "error"


def help_uri(code: str) -> str:
    """The rule's page on the project's home: what SARIF and Markdown output link to."""
    if code in CODES:
        return f"{RULES_URL}/{code}.md"
    return f"{RULES_URL}/index.md"


def rule_page(code: str) -> str | None:
    """The page of `code` for the terminal (`toolargs rule TAV101`); None if no such code.

    The page itself (shipped in the package, or read from a source checkout); failing
    that, what the catalog says about the code and where its page is.
    """
    known = CODES.get(code)
    if known is None:
        return None
    page = RULES_FOLDER / f"{code}.md"
    try:
        return page.read_text(encoding="utf-8")
    except OSError:
        pass
    return (
        f"# {code}: {known.name}\n\n"
        f"{known.title}.\n\n"
        f"- On by default: {'yes' if known.default_enabled else 'no'}\n"
        f"- Fixed by `toolargs fix`: {'yes' if known.fixable else 'no'}\n"
        f"- Message: `{code} {generic_message(code)}`\n\n"
        f"The full page (what it checks, why, an example, the fix): {help_uri(code)}\n"
    )


def rule_index() -> str:
    """One line per code: code, name, on by default, fixable, title."""
    name_width = max(len(c.name) for c in CODES.values())
    lines = [f"{'CODE':<7}  {'NAME':<{name_width}}  DEFAULT  FIX  TITLE"]
    for known in sorted(CODES.values(), key=lambda c: c.code):
        default = "on" if known.default_enabled else "off"
        fix = "yes" if known.fixable else "no"
        lines.append(
            f"{known.code:<7}  {known.name:<{name_width}}  {default:<7}  {fix:<3}  {known.title}"
        )
    lines.append("")
    lines.append(f"`toolargs rule CODE` prints a rule's page; all pages: {RULES_URL}/index.md")
    return "\n".join(lines) + "\n"


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
