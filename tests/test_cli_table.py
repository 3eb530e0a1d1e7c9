"""The audit table fits a terminal (ellipsis in the long cells); pipes and CI get full cells."""

from __future__ import annotations

import io

import pytest

from toolargs.cli.main import terminal_width
from toolargs.model import ToolReport
from toolargs.output.audit import Audit, AuditRow, audit_order
from toolargs.output.table import (
    COLUMNS,
    ELLIPSIS,
    HEADERS,
    SEPARATOR,
    audit_table,
    cells,
    fit,
    shorten,
)

LONG_WHY = "effect: storage.backends.s3.delete_object() (store/backends/s3.py:412) via remove"


def tool(name: str, mode: str, line: int, why: str = "annotation readOnlyHint=True") -> ToolReport:
    return ToolReport(
        name=name, mode=mode, mode_source=why, shape="decorator",  # type: ignore[arg-type]
        path="src/object_store/server/handlers/tools_registry.py", line=line, col=5,
        handler=f"{name}_handler", schema_source="constant OBJECT_STORE_SCHEMAS[...]",
        known_args="ok", strict=mode == "mutation", findings=(),
    )


def sample() -> Audit:
    rows = [
        AuditRow(tool("delete_object", "mutation", 412, LONG_WHY), ("TAV201",)),
        AuditRow(tool("list_objects", "read-only", 88), ()),
    ]
    return Audit(rows=tuple(sorted(rows, key=audit_order)))


def test_full_cells_without_a_width() -> None:
    text = audit_table(sample())
    assert ELLIPSIS not in text
    assert LONG_WHY in text
    assert "src/object_store/server/handlers/tools_registry.py:412 (delete_object_handler)" in text


def narrowest(audit: Audit) -> int:
    """The narrowest width the table can fit: fixed columns whole, the others at their
    minimum, with the separators."""
    rows = [HEADERS, *(cells(row) for row in audit.rows)]
    natural = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    widths = [
        min(column.min_width, width) if column.shrink else width
        for column, width in zip(COLUMNS, natural)
    ]
    return sum(widths) + len(SEPARATOR) * (len(COLUMNS) - 1)


@pytest.mark.parametrize("extra", [0, 7, 30])
def test_rows_fit_the_terminal(extra: int) -> None:
    width = narrowest(sample()) + extra
    assert width < len(audit_table(sample()).splitlines()[1])  # the full table is wider
    text = audit_table(sample(), width)
    table = text.split("\n\n")[0].splitlines()
    assert all(len(line) <= width for line in table), table
    assert ELLIPSIS in text
    # Tool, mode and verdict stay whole whatever the width; a handler keeps its end.
    assert "delete_object " in text and "FAILS TAV201" in text
    assert "mutation " in text and "read-only " in text
    assert "_handler)  " in text
    assert text.endswith("2 tools: 1 read-only, 1 conform; 1 mutation, 1 strict; "
                         "1 does not conform\n")


def test_a_terminal_narrower_than_that_wraps_rather_than_hide_a_column() -> None:
    text = audit_table(sample(), 40)
    assert all(header in text for header in HEADERS)
    assert "FAILS TAV201" in text


def test_a_wide_terminal_changes_nothing() -> None:
    assert audit_table(sample(), 1000) == audit_table(sample())


def test_shorten_marks_the_cut() -> None:
    assert shorten("abcdef", 6) == "abcdef"
    assert shorten("abcdef", 4) == "abc" + ELLIPSIS
    assert shorten("abcdef", 4, keep_end=True) == ELLIPSIS + "def"


def test_fit_never_cuts_below_a_minimum_or_a_fixed_column() -> None:
    natural = [80 if column.shrink else 20 for column in COLUMNS]
    fitted = fit(natural, 10)  # impossible: shrink what may shrink, to its minimum
    for column, before, after in zip(COLUMNS, natural, fitted):
        assert after == (column.min_width if column.shrink else before)


class FakeStream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_pipes_and_ci_get_full_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("COLUMNS", "90")
    assert terminal_width(FakeStream(tty=False)) is None
    assert terminal_width(FakeStream(tty=True)) == 90
    monkeypatch.setenv("CI", "true")
    assert terminal_width(FakeStream(tty=True)) is None
