"""`# noqa` for the standalone CLI, with flake8's syntax and semantics.

Under flake8, flake8 itself applies `# noqa`; `toolargs check` must drop exactly the
same findings, so this follows flake8 7: the same regular expression, a bare `# noqa`
silences everything, `# noqa: TAV1` silences every code starting with `TAV1`, a comment
anywhere on a multi-line statement covers all its lines, and a line that is only
`# flake8: noqa` skips the whole file.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path
from typing import Iterable

from toolargs.model import Diagnostic
from toolargs.source import SourceError, read

NOQA_INLINE = re.compile(
    # The first `# noqa` of the line, then an optional `:` and comma or space separated codes.
    r"# noqa(?::[\s]?(?P<codes>([A-Z]+[0-9]+(?:[,\s]+)?)+))?",
    re.IGNORECASE,
)
NOQA_FILE = re.compile(r"\s*# flake8[:=]\s*noqa", re.IGNORECASE)
_SEPARATORS = re.compile(r"[,\s]")


def physical_lines(source: str) -> list[str]:
    """Lines as the tokenizer and flake8 count them: split on \\n, \\r\\n and \\r only.

    (`str.splitlines` also splits on form feeds and Unicode separators, which would shift
    every line number after one.)
    """
    return io.StringIO(source, newline="").readlines()


def file_is_skipped(lines: list[str]) -> bool:
    """True when a line is just `# flake8: noqa` (with codes flake8 ignores it, so do we)."""
    return any(NOQA_FILE.match(line) for line in lines)


def noqa_lines(source: str) -> dict[int, str]:
    """Map each line number to the text searched for `# noqa`: its whole statement.

    Multi-line statements and strings map every line they span to all of their lines
    joined, as flake8 does. A source that does not tokenize maps each line to itself.
    """
    lines = physical_lines(source)
    mapping: dict[int, str] = {}
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source, newline="").readline))
    except (tokenize.TokenError, SyntaxError):
        return {number: line for number, line in enumerate(lines, start=1)}
    first, last = len(lines) + 2, -1
    for token in tokens:
        if token.type in (tokenize.ENDMARKER, tokenize.DEDENT):
            continue
        first = min(first, token.start[0])
        last = max(last, token.end[0])
        if token.type in (tokenize.NL, tokenize.NEWLINE):
            joined = "".join(lines[first - 1 : last])
            for number in range(first, last + 1):
                mapping[number] = joined
            first, last = len(lines) + 2, -1
    # Lines the tokenizer did not close (no final newline) still count as themselves.
    for number, line in enumerate(lines, start=1):
        mapping.setdefault(number, line)
    return mapping


def is_suppressed(code: str, text: str) -> bool:
    match = NOQA_INLINE.search(text)
    if match is None:
        return False
    codes_text = match.group("codes")
    if codes_text is None:
        return True
    codes = tuple(part.strip() for part in _SEPARATORS.split(codes_text) if part.strip())
    return code in codes or code.startswith(codes)


def split_suppressed(
    source: str, diagnostics: Iterable[Diagnostic]
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(kept, suppressed): the diagnostics `# noqa` leaves, and those it silences."""
    kept, suppressed = _split(source, diagnostics)
    # Reported in another file (its evidence is there): a `# noqa` there silences it too.
    for diagnostic in [d for d in kept if d.at_tool is not None]:
        if _suppressed_where_reported(diagnostic):
            kept.remove(diagnostic)
            suppressed.append(diagnostic)
    return kept, suppressed


def _suppressed_where_reported(diagnostic: Diagnostic) -> bool:
    try:
        source = read(Path(diagnostic.path))
    except SourceError:
        return False
    if "noqa" not in source.lower():
        return False
    if file_is_skipped(physical_lines(source)):
        return True
    return is_suppressed(diagnostic.code, noqa_lines(source).get(diagnostic.line, ""))


def _split(
    source: str, diagnostics: Iterable[Diagnostic]
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """`# noqa` of the checked file, where flake8 reports each diagnostic (a diagnostic
    whose evidence is in another file: at its tool)."""
    diagnostics = list(diagnostics)
    if not diagnostics:
        return [], []
    if "noqa" not in source.lower():
        return diagnostics, []  # neither pattern can match: skip the tokenizer
    lines = physical_lines(source)
    if file_is_skipped(lines):
        return [], diagnostics
    mapping = noqa_lines(source)
    kept: list[Diagnostic] = []
    suppressed: list[Diagnostic] = []
    for diagnostic in diagnostics:
        line = diagnostic.at_tool[1] if diagnostic.at_tool else diagnostic.line
        text = mapping.get(line, "")
        (suppressed if is_suppressed(diagnostic.code, text) else kept).append(diagnostic)
    return kept, suppressed
