"""Fuzzing the analysis: whatever valid or broken Python it is given, it returns a report.

Two sources of programs: hypothesmith (any syntactically valid module, from the grammar
or from libcst's node types), placed where discovery and the rules look at them; and the
fixture corpus with lines deleted and duplicated, which keeps the code server-like while
breaking it in the ways an editor does. The short run lives here; `scripts/fuzz.py` runs
the long one.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import hypothesmith
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from toolargs.analysis import analyze_source
from toolargs.config import Config

FIXTURES = Path(__file__).parents[1] / "fixtures"
TEMPLATES = sorted(p for p in FIXTURES.rglob("*.py") if p.stat().st_size > 200)
CONFIG = Config()

# Makes any module pass the textual prefilter and hold one tool of each common shape.
TOOL_SNIPPET = textwrap.dedent(
    '''
    from mcp.server.fastmcp import FastMCP
    from toolargs.runtime import collect_unknown_args, with_unknown_args

    mcp = FastMCP("fuzz")
    KNOWN_ARGS = ("query", "max_results")


    @mcp.tool()
    def search(arguments: dict) -> dict:
        unknown = collect_unknown_args(arguments, KNOWN_ARGS)
        return with_unknown_args({"results": []}, unknown)
    '''
)
HANDLER_HEAD = '@mcp.tool()\ndef fuzzed(arguments: dict) -> dict:\n    """Fuzzed body."""\n'

# How many programs each test tries follows the hypothesis profile (tests/conftest.py):
# 100 examples by default, 1000 with HYPOTHESIS_PROFILE=thorough. Drawing a program costs
# about 0.2 s from hypothesmith's node strategy and 0.05 s from the grammar, so those get
# a fifth and a half of it. A failing program is printed whole (assert_judged) and kept in
# the example database; only the thorough profile spends minutes shrinking it.
BUDGET = settings().max_examples
SHRINK = settings.get_current_profile_name() == "thorough"
FUZZ_SETTINGS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    phases=[phase for phase in settings().phases if phase is not Phase.shrink or SHRINK],
)


def assert_judged(source: str, path: str = "fuzzed.py") -> None:
    """The contract under test: a report comes back, and no internal error is in it."""
    report = analyze_source(source, path, CONFIG)
    internal = [d for d in report.diagnostics if d.code == "TAV999"]
    assert not internal, f"{internal[0].message}\n--- source ---\n{source}"
    if report.error is not None:
        assert "\n" not in report.error and report.error.startswith(path)


def placements(program: str) -> list[str]:
    """The program at module level beside a tool, and as the body of a tool's handler."""
    body = textwrap.indent(program, "    ") or "    pass\n"
    return [
        program + "\n" + TOOL_SNIPPET,
        TOOL_SNIPPET + "\n" + HANDLER_HEAD + body + "\n    return {}\n",
    ]


# Deferred: building the grammar's parser costs a second, paid only where the test runs.
@settings(FUZZ_SETTINGS, max_examples=max(1, BUDGET // 2))
@given(st.deferred(hypothesmith.from_grammar))
def test_grammar_programs_are_judged(program: str) -> None:
    for source in placements(program):
        assert_judged(source)


@settings(FUZZ_SETTINGS, max_examples=max(1, BUDGET // 5))
@given(hypothesmith.from_node())
def test_node_programs_are_judged(program: str) -> None:
    for source in placements(program):
        assert_judged(source)


# --- Mutated server code: deletions and duplications of lines of the fixtures.

Edit = tuple[str, int, int]  # ("delete" | "duplicate" | "swap", line index, other index)


def mutate(source: str, edits: list[Edit]) -> str:
    lines = source.splitlines(keepends=True)
    for kind, first, second in edits:
        if not lines:
            break
        i, j = first % len(lines), second % len(lines)
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(j, lines[i])
        else:
            lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


edits = st.lists(
    st.tuples(
        st.sampled_from(["delete", "duplicate", "swap"]),
        st.integers(min_value=0, max_value=10_000),
        st.integers(min_value=0, max_value=10_000),
    ),
    min_size=1,
    max_size=8,
)


def test_templates_are_there() -> None:
    assert len(TEMPLATES) >= 10, "the fixture corpus is the fuzzer's seed"


@FUZZ_SETTINGS
@given(template=st.sampled_from(TEMPLATES), edits=edits)
def test_mutated_servers_are_judged(template: Path, edits: list[Edit]) -> None:
    source = template.read_text(encoding="utf-8")
    assert_judged(mutate(source, edits), template.name)


@pytest.mark.parametrize("template", TEMPLATES, ids=[p.stem for p in TEMPLATES])
def test_every_prefix_of_a_server_is_judged(template: Path) -> None:
    """A file cut short anywhere, as an editor saves it mid-edit."""
    lines = template.read_text(encoding="utf-8").splitlines(keepends=True)
    step = max(1, len(lines) // 25)
    for end in range(0, len(lines), step):
        assert_judged("".join(lines[:end]), template.name)
