"""docs/runtime.md stays true: its examples run and print what the page says."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

import toolargs.runtime

DOC = Path(__file__).resolve().parents[1] / "docs" / "runtime.md"
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)


def blocks() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in BLOCK.finditer(DOC.read_text(encoding="utf-8"))]


@pytest.fixture(autouse=True)
def lenient_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLARGS_STRICT_ARGS", raising=False)


def test_interactive_examples() -> None:
    examples = [text for lang, text in blocks() if lang == "python" and ">>> " in text]
    assert examples
    globs = {name: getattr(toolargs.runtime, name) for name in toolargs.runtime.__all__}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for text in examples:
        runner.run(parser.get_doctest(text, dict(globs), "runtime.md", str(DOC), 0))
    assert runner.summarize(verbose=False).failed == 0


def test_worked_example_prints_what_the_page_shows(tmp_path: Path) -> None:
    found = blocks()
    index = next(i for i, (lang, text) in enumerate(found) if "__main__" in text)
    script = tmp_path / "notes_server.py"
    script.write_text(found[index][1], encoding="utf-8")
    shown = found[index + 1][1]
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=True
    )
    assert result.stdout == shown
