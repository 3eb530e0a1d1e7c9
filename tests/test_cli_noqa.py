"""`# noqa` as the CLI applies it: flake8's own decisions, line for line."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from flake8.processor import FileProcessor
from flake8.violation import Violation

from toolargs.model import Diagnostic
from toolargs.noqa import is_suppressed, noqa_lines, physical_lines, split_suppressed

COMMENTS = [
    "",
    "# noqa",
    "# NOQA",
    "# NoQa",
    "#noqa",
    "# noqa: TAV101",
    "# noqa:TAV101",
    "# noqa: TAV102",
    "# noqa:TAV101,TAV102",
    "# noqa: TAV102, TAV101",
    "# noqa: TAV102 TAV101",
    "# noqa: TAV1",
    "# noqa: TAV",
    "# noqa: TAV2",
    "# noqa: E501",
    "# noqa : TAV101",
    "# noqa:  TAV101",
    "# noqa: tav101",
    "# type: ignore # noqa: TAV101",
    "# noqa: E501 # noqa: TAV101",
    "# noqa:,TAV101",
    "# noqa-TAV101",
]


@pytest.mark.parametrize("comment", COMMENTS)
@pytest.mark.parametrize("code", ["TAV101", "TAV201"])
def test_same_decision_as_flake8(comment: str, code: str) -> None:
    line = f"def search(arguments):  {comment}\n"
    violation = Violation(code, "srv.py", 1, 1, "message", line)
    assert is_suppressed(code, line) == violation.is_inline_ignored(disable_noqa=False)


def make(line: int, code: str = "TAV101") -> Diagnostic:
    return Diagnostic("srv.py", line, 1, code, f"{code} message", "search")


SOURCES = [
    # A bracketed statement: flake8 reads each physical line on its own.
    "@server.tool(\n    name='search',\n)  # noqa: TAV101\ndef search(arguments):\n    return {}\n",
    # A triple-quoted string: a comment after it covers every line it spans.
    'X = """\nsearch\n"""  # noqa\nY = 1\n',
    "def f(\n    a,  # noqa: TAV1\n    b,\n):\n    s = '''\n  x\n'''  # noqa:TAV201\n",
    "a = 1\r\nb = '''\r\n'''  # noqa\r\n",
    "no_newline_at_end = 1  # noqa",
]


@pytest.mark.parametrize("source", SOURCES)
def test_lines_map_to_the_same_text_as_in_flake8(source: str, tmp_path: Path) -> None:
    path = tmp_path / "srv.py"
    path.write_bytes(source.encode("utf-8"))
    options = argparse.Namespace(
        hang_closing=False, indent_size=4, max_line_length=79, max_doc_length=None,
        verbose=0, disable_noqa=False,
    )
    processor = FileProcessor(str(path), options)
    expected = getattr(processor, "_noqa_line_mapping", None)
    if expected is None:
        pytest.skip("this flake8 has no _noqa_line_mapping to compare with")
    ours = noqa_lines(source)
    assert expected, "flake8 mapped no line"
    for number, text in expected.items():
        # flake8 reads with universal newlines; line endings do not matter to the regex.
        assert ours[number].replace("\r\n", "\n") == text, number


def test_a_comment_after_a_string_covers_its_lines_and_only_them() -> None:
    source = 'X = """\nsearch\n"""  # noqa: TAV1\nY = 1  # noqa: TAV2\n'
    found = [make(1), make(2, "TAV201"), make(3), make(4), make(4, "TAV201")]
    kept, suppressed = split_suppressed(source, found)
    assert suppressed == [make(1), make(3), make(4, "TAV201")]
    assert kept == [make(2, "TAV201"), make(4)]


def test_flake8_noqa_alone_on_a_line_skips_the_file() -> None:
    found = [make(3), make(5, "TAV201")]
    kept, suppressed = split_suppressed("# flake8: noqa\nx = 1\n", found)
    assert (kept, suppressed) == ([], found)
    # With code after it, flake8 warns and checks the file: so do we.
    kept, _ = split_suppressed("x = 1  # flake8: noqa\n", [make(1, "TAV201")])
    assert kept == [make(1, "TAV201")]


def test_line_numbers_do_not_shift_on_form_feeds_or_unicode_separators() -> None:
    source = "a = 1\x0c\nb = '\u2028'\nc = 3  # noqa\n"
    assert len(physical_lines(source)) == 3
    kept, suppressed = split_suppressed(source, [make(3), make(2)])
    assert suppressed == [make(3)] and kept == [make(2)]


def test_crlf_and_untokenizable_sources_still_work() -> None:
    kept, suppressed = split_suppressed("a = 1\r\nb = (  # noqa\r\n", [make(2), make(1)])
    assert suppressed == [make(2)] and kept == [make(1)]


def test_no_findings_costs_nothing() -> None:
    assert split_suppressed("this is not python (", []) == ([], [])
