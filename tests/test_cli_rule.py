"""`toolargs rule`: a rule's page in the terminal, every code listed, unknown codes refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolargs.cli import main
from toolargs.codes import CODES
from toolargs.output import rule_docs

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"


def test_rule_prints_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "TAV101"]) == 0
    out = capsys.readouterr().out
    assert out == (RULES / "TAV101.md").read_text(encoding="utf-8")
    assert out.startswith("# TAV101: unknown-args-ignored\n")


def test_rule_code_is_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "tav201"]) == 0
    assert capsys.readouterr().out.startswith("# TAV201: unknown-args-not-rejected\n")


def test_rule_all_lists_every_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    listed = [line.split()[0] for line in lines[1:] if line.startswith("TAV")]
    assert listed == sorted(CODES)
    row = next(line for line in lines if line.startswith("TAV402 "))
    assert row.split()[1:4] == ["mode-by-default", "off", "no"]


@pytest.mark.parametrize("argv", [["rule", "TAV777"], ["rule", "E501"], ["rule"]])
def test_unknown_or_missing_code_exits_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("toolargs: error: rule: ")
    assert len(captured.err.splitlines()) == 1


def test_without_the_pages_the_catalog_still_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # An installed wheel has no docs/ folder: the command says what the catalog knows.
    monkeypatch.setattr(rule_docs, "RULES_FOLDER", tmp_path)
    assert main(["rule", "TAV104"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# TAV104: limit-read-without-aliases\n")
    assert f"- Message: `TAV104 {rule_docs.generic_message('TAV104')}`" in out
    assert rule_docs.help_uri("TAV104") in out
