"""The checker against the fixture corpus and its inline expectations (docs/fixtures.md).

Every fixture is compared both ways, as a multiset of (line, code): a finding the checker
misses fails as loudly as one it invents.
"""

from __future__ import annotations

import functools
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from fixture_expectations import (
    CLEAN,
    DEFAULT_CODES,
    FIXTURES,
    Fixture,
    FixtureError,
    compare,
    compare_tools,
    config_for,
    fixture_files,
    has_local_config,
    load,
)

from toolargs.analysis import analyze_path
from toolargs.codes import CODES
from toolargs.model import Diagnostic, FileReport

FILES = fixture_files()
CLEAN_FILES = [path for path in FILES if CLEAN in path.parents]
DECLARING_FILES = [path for path in FILES if load(path).tools is not None]
# flake8 reads no pyproject.toml, so only fixtures that rely on the defaults are comparable.
FLAKE8_FILES = [path for path in FILES if not has_local_config(path)]


def _id(path: Path) -> str:
    return path.relative_to(FIXTURES).as_posix()


def _analyze(fixture: Fixture) -> FileReport:
    """What `toolargs check` would find, with the codes the fixture selects."""
    report = _report(fixture.path, fixture.selected)
    # A file is always judged, except one the input guard refuses: that comes with TAV903.
    refused = any(d.code == "TAV903" for d in report.diagnostics)
    assert report.error is None or refused, report.error
    return report


@functools.lru_cache(maxsize=None)
def _report(path: Path, selected: frozenset[str]) -> FileReport:
    """One analysis per fixture for the tests that read it (the analysis is deterministic
    and nothing changes the fixtures during a run)."""
    return analyze_path(path, config_for(path), selected.__contains__)


def test_corpus_is_there() -> None:
    assert len(FILES) >= 15
    assert CLEAN_FILES and DECLARING_FILES and FLAKE8_FILES


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_fixture_findings(path: Path) -> None:
    fixture = load(path)
    report = _analyze(fixture)
    diff = compare(fixture, list(report.diagnostics), fixture.expected)
    if diff is not None:
        pytest.fail(diff, pytrace=False)


def test_every_code_is_expected_somewhere() -> None:
    expected = {code for path in FILES for (_, code) in load(path).expected}
    # TAV999 (a checker bug) has no server to show it.
    wanted = set(CODES) - {"TAV999"}
    assert sorted(wanted - expected) == []


@pytest.mark.parametrize("path", CLEAN_FILES, ids=_id)
def test_clean_fixture_is_clean(path: Path) -> None:
    fixture = load(path)
    assert not fixture.expected, "clean fixtures hold no expectations"
    report = _analyze(fixture)
    found = [f"  {d.line}: {d.message}" for d in report.diagnostics if d.code in fixture.selected]
    assert not found, f"{fixture.name} must give no findings:\n" + "\n".join(found)
    # A clean file that defines no tool would prove nothing.
    assert report.tools, f"{fixture.name} defines no tool the checker finds"


@pytest.mark.parametrize("path", DECLARING_FILES, ids=_id)
def test_declared_tools_are_discovered(path: Path) -> None:
    fixture = load(path)
    diff = compare_tools(fixture, _analyze(fixture).tools)
    if diff is not None:
        pytest.fail(diff, pytrace=False)


FLAKE8_LINE = re.compile(r"^(?P<path>.+):(?P<line>\d+):(?P<col>\d+): (?P<code>\S+) (?P<text>.*)$")


@pytest.fixture(scope="module")
def flake8_diagnostics() -> dict[Path, list[Diagnostic]]:
    """One real flake8 run over every comparable fixture, grouped by file."""
    # --isolated: the repository's own flake8 configuration excludes fixtures/. TAV402 is
    # off by default and must be named to be reported; `compare` keeps what each selects.
    command = [
        sys.executable, "-m", "flake8", "--isolated", "--select", "TAV,TAV402",
        "--format", "%(path)s:%(row)d:%(col)d: %(code)s %(text)s",
        *map(str, FLAKE8_FILES),
    ]
    run = subprocess.run(command, capture_output=True, text=True, cwd=FIXTURES)
    assert run.returncode in (0, 1) and not run.stderr, run.stderr or run.stdout
    found: dict[Path, list[Diagnostic]] = {path: [] for path in FLAKE8_FILES}
    for line in run.stdout.splitlines():
        match = FLAKE8_LINE.match(line)
        assert match is not None, f"unexpected flake8 output: {line!r}"
        path = Path(match["path"])
        found.setdefault(path, []).append(
            Diagnostic(str(path), int(match["line"]), int(match["col"]), match["code"],
                       f"{match['code']} {match['text']}")
        )
    return found


@pytest.mark.parametrize("path", FLAKE8_FILES, ids=_id)
def test_flake8_matches_expectations(
    path: Path, flake8_diagnostics: dict[Path, list[Diagnostic]]
) -> None:
    fixture: Fixture = load(path)
    diff = compare(fixture, flake8_diagnostics[path], fixture.expected_after_noqa())
    if diff is not None:
        pytest.fail(diff, pytrace=False)


def test_noqa_fixture_proves_suppression() -> None:
    """Some expectation must be silenced by `# noqa` for the flake8 test to show it works."""
    silenced: Counter[tuple[int, str]] = Counter()
    for path in FLAKE8_FILES:
        fixture = load(path)
        silenced += fixture.expected - fixture.expected_after_noqa()
    assert silenced


# --- The harness itself: a parser that read nothing would let every fixture pass. ---

HEADER = """\
# toolargs-select: TAV402
# tools: search=read-only,
# tools: rename_symbol=mutation
\"\"\"A server.\"\"\"
"""


def _fixture(tmp_path: Path, text: str) -> Fixture:
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    return load(path)


def test_expectations_are_parsed(tmp_path: Path) -> None:
    fixture = _fixture(
        tmp_path,
        HEADER
        + "KNOWN = ('a',)  # expect: TAV301, TAV301\n"
        + "def search(args):  # noqa: TAV101  expect: TAV101\n"
        + "def other(args):  # noqa: TAV104  expect: TAV101, TAV402\n"
        + "TEXT = '# expect: TAV102'\n",
    )
    assert fixture.expected == Counter(
        {(5, "TAV301"): 2, (6, "TAV101"): 1, (7, "TAV101"): 1, (7, "TAV402"): 1}
    )
    assert fixture.selected == DEFAULT_CODES | {"TAV402"}
    assert fixture.tools == Counter({("search", "read-only"): 1, ("rename_symbol", "mutation"): 1})
    # flake8 drops what a `# noqa` on the line names, and nothing else.
    assert fixture.expected_after_noqa() == Counter(
        {(5, "TAV301"): 2, (7, "TAV101"): 1, (7, "TAV402"): 1}
    )


@pytest.mark.parametrize(
    "line",
    [
        "x = 1  # expected: TAV101\n",
        "x = 1  # expect: TAV1O1\n",
        "x = 1  # expect: TAV999\n",
        "x = 1  # expect: TAV402\n",  # off by default, not selected
    ],
)
def test_malformed_expectations_fail(tmp_path: Path, line: str) -> None:
    with pytest.raises(FixtureError):
        _fixture(tmp_path, line)


def test_comparison_reports_both_directions(tmp_path: Path) -> None:
    fixture = _fixture(tmp_path, "def f(args):  # expect: TAV101\n\n")
    extra = Diagnostic(str(fixture.path), 2, 1, "TAV201", "TAV201 mutation tool 'f' ...")
    diff = compare(fixture, [extra], fixture.expected)
    assert diff is not None
    assert ":1: TAV101 (x1)" in diff and ":2: TAV201 (x1)" in diff
    assert "TAV201 mutation tool 'f' ..." in diff
    found = Diagnostic(str(fixture.path), 1, 5, "TAV101", "TAV101 ...")
    assert compare(fixture, [found], fixture.expected) is None
    assert compare(fixture, [found, found], fixture.expected) is not None
