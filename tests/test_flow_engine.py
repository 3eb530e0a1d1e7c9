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
