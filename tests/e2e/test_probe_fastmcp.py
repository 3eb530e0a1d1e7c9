"""`toolargs probe` end to end on a standalone fastmcp server (fastmcp 2.x, 3.x, 4.x),
with and without the toolargs middleware, through the SDK client fastmcp installs."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

pytest.importorskip("fastmcp")

from probe_run import Run, probe  # noqa: E402

SERVER = "fastmcp_server.py"
MUTATION_NOT_CALLED = (None, "n/a", None)


def test_without_middleware_read_only_tools_refuse_unknown_keys(
    shared_probe: Callable[..., Run],
) -> None:
    run = shared_probe(SERVER)
    assert run.code == 1
    assert run.verdicts() == {
        "search": ("rejected", "ignored", False),
        "outline_file": ("rejected", "n/a", False),
        "replace_lines": MUTATION_NOT_CALLED,
        "write_note": MUTATION_NOT_CALLED,
    }
    # fastmcp's own pydantic error names the key.
    assert "probe_unknown_key" in run.tools()["outline_file"]["evidence"]
    assert run.markers == []


def test_without_middleware_mutations_are_refused_by_the_framework(tmp_path: Path) -> None:
    run = probe(tmp_path, SERVER, options=("--mutations",))
    verdicts = run.verdicts()
    assert verdicts["replace_lines"] == ("rejected", "n/a", True)
    assert verdicts["write_note"] == ("rejected", "n/a", True)
    assert "schema or framework" in run.tools()["write_note"]["note"]
    assert run.markers == []


@pytest.mark.parametrize("how", ["--middleware", "--enforce"])
def test_with_middleware_the_policy_holds(tmp_path: Path, how: str) -> None:
    run = probe(tmp_path, SERVER, how, options=("--mutations",))
    assert run.code == 0, run.stdout + run.stderr
    assert run.verdicts() == {
        "search": ("reported", "honoured", True),
        "outline_file": ("reported", "n/a", True),
        "replace_lines": ("rejected", "n/a", True),
        "write_note": ("rejected", "n/a", True),
    }
    assert "unknown arg: probe_unknown_key" in run.tools()["replace_lines"]["evidence"]
    assert run.markers == []


@pytest.mark.parametrize("how", ["", "--middleware"])
def test_no_mutation_tool_is_called_without_mutations(
    shared_probe: Callable[..., Run], how: str
) -> None:
    run = shared_probe(SERVER, *filter(None, [how]))
    mutations = [t for t in run.tools().values() if t["mode"] == "mutation"]
    assert len(mutations) == 2 and all(not t["probed"] for t in mutations)
    assert run.markers == []
