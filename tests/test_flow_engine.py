"""The value-flow engine on the engine benchmark: names, servers and handlers, exactly.

Cases the engine does not get right yet are listed in benchmarks/engine/flow-failures.txt
and expected to fail (strictly: a case that starts passing must leave the list).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "engine"
sys.path.insert(0, str(BENCHMARK))

import flow  # noqa: E402

KNOWN_FAILURES = {
    line.split("#")[0].strip()
    for line in flow.FAILURES.read_text(encoding="utf-8").splitlines()
    if line.split("#")[0].strip()
}


@pytest.mark.parametrize(
    "case_id",
    [
        pytest.param(c, marks=pytest.mark.xfail(strict=True, reason="flow-failures.txt"))
        if c in KNOWN_FAILURES
        else c
        for c in flow.case_ids()
    ],
)
def test_engine_answers_the_case(case_id: str) -> None:
    assert flow.compare(case_id) is None


def test_reading_survives_registrations_recorded_while_it_evaluates_handlers() -> None:
    """Reading a low-level server evaluates its call handler once per listed tool, in a
    context of its own; code run there may build a server again and record its
    handlers. The tools read are the fixpoint's, and reading does not fail."""
    from toolargs.flow.engine import Engine
    from toolargs.flow.tools import Reader

    case = BENCHMARK / "cases" / "lowlevel" / "023_sdk2_server_built_by_a_method"
    engine = Engine(sorted(case.rglob("*.py")), case)
    engine.run()
    dispatched = engine.dispatched

    def dispatched_and_rebuilt(handler, tool, tag, hand_written=False):  # type: ignore[no-untyped-def]
        found = dispatched(handler, tool, tag, hand_written)
        for key, registration in list(engine.registrations.items()):
            engine.registrations[(*key, "again", tag)] = registration
        return found

    engine.dispatched = dispatched_and_rebuilt  # type: ignore[method-assign]
    names = sorted(tool.name for tool in Reader(engine).read().tools)
    assert names == ["cache_clear", "fetch_page"]


def test_calls_nested_past_the_interpreter_depth_broaden_instead_of_losing_the_package(
    tmp_path: Path,
) -> None:
    """A chain of factories, each calling the next inside a nested expression, can reach
    the interpreter's recursion limit before the engine's own MAX_DEPTH: the call that
    hits it returns Unknown, the evaluation stops there as when its budget is spent,
    and says so; what it read stands (the tools registered elsewhere in the package
    were all lost, with their server, in one run of three)."""
    from toolargs.flow.tools import analyse

    package = tmp_path / "deep"
    package.mkdir()
    (package / "__init__.py").write_text("")
    factories = "".join(
        f"def settings_{i}(options):\n    return dict(dict(dict(settings_{i + 1}(options))))\n\n\n"
        for i in range(59)
    )
    last = "def settings_59(options):\n    return options\n"
    (package / "settings.py").write_text(factories + last)
    (package / "server.py").write_text(
        "from fastmcp import FastMCP\n\nfrom .settings import settings_0\n\n"
        'mcp = FastMCP("deep", **settings_0({}))\n\n\n'
        "@mcp.tool\ndef ping() -> str:\n    return 'pong'\n"
    )
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        result = analyse(sorted(package.rglob("*.py")), tmp_path)
    finally:
        sys.setrecursionlimit(limit)
    assert [t.name for t in result.tools] == ["ping"]
    assert all(t.server_place is not None for t in result.tools)
    assert "depth of nested calls" in result.broadened
