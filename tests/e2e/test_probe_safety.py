"""`toolargs probe` never calls a tool that may write unless told to, and finds arguments
that decide the limit alias: a real server process (probe_servers/recipes.py) over stdio,
through the SDK's client.

`record_visit` is unannotated, its name says nothing, and it writes a file each time it
runs: only --mutations may call it. `find_recipes` is annotated read-only and needs a
query that matches, which the placeholder query does not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mcp")

from probe_run import SERVERS, probe  # noqa: E402

SERVER = "recipes.py"


def test_an_unannotated_tool_that_writes_is_not_called_without_mutations(
    tmp_path: Path,
) -> None:
    run = probe(tmp_path, SERVER)
    assert run.markers == [] and not (tmp_path / "markers" / "record_visit.called").exists()
    visit = run.tools()["record_visit"]
    assert (visit["probed"], visit["mode"], visit["mode_established"]) == (
        False, "read-only", False
    )
    assert visit["mode_source"] == "default"
    assert "mode not established, not called" in visit["note"]
    assert "--mutations calls it" in visit["note"] and "--source PATH" in visit["note"]
    summary = run.json()["summary"]
    assert summary["unknown_mode_not_called"] == 1 and summary["probed"] == 1


def test_the_table_shows_its_mode_as_unknown(tmp_path: Path) -> None:
    run = probe(tmp_path, SERVER, output="table")
    assert run.markers == []
    assert "record_visit  unknown" in run.stdout
    assert "(1 tool of unknown mode without --mutations)" in run.stdout


def test_with_mutations_it_is_called_and_writes(tmp_path: Path) -> None:
    run = probe(tmp_path, SERVER, options=("--mutations",))
    assert run.markers == ["record_visit"]
    written = (tmp_path / "markers" / "record_visit.called").read_text("utf-8")
    assert written.splitlines()[0] == "probe"
    visit = run.tools()["record_visit"]
    assert visit["probed"] and visit["mode_established"] is False


def test_with_source_its_write_effect_makes_it_a_mutation(tmp_path: Path) -> None:
    run = probe(tmp_path, SERVER, options=("--source", str(SERVERS / SERVER)))
    assert run.markers == []
    visit = run.tools()["record_visit"]
    assert visit["mode"] == "mutation" and visit["probed"] is False
    assert visit["mode_source"].startswith("static audit: effect: ")


def test_a_query_that_matches_nothing_is_replaced_and_the_alias_honoured(
    tmp_path: Path,
) -> None:
    run = probe(tmp_path, SERVER, "--enforce")
    search = run.tools()["find_recipes"]
    assert (search["unknown_keys"], search["alias"], search["conforms"]) == (
        "reported", "honoured", True
    )
    assert 'with query="a", where max_results=1 changes the answer' in search["note"]
    assert run.code == 0, run.stdout + run.stderr


def test_the_deciding_query_shows_the_sdk_ignoring_the_alias(tmp_path: Path) -> None:
    run = probe(tmp_path, SERVER)
    search = run.tools()["find_recipes"]
    assert (search["unknown_keys"], search["alias"]) == ("dropped", "ignored")
    assert 'query="a"' in search["note"]


def test_an_example_call_decides_alone(tmp_path: Path) -> None:
    run = probe(tmp_path, SERVER, "--enforce", options=("--args", 'find_recipes={"query": "o"}'))
    search = run.tools()["find_recipes"]
    assert search["alias"] == "honoured" and "query=" not in search["note"]
    one = probe(tmp_path, SERVER, "--enforce",
                options=("--args", 'find_recipes={"query": "scones"}',
                         "--args", 'find_recipe={"query": "o"}'))
    assert "--args find_recipe=...: the server lists no tool 'find_recipe'" in one.stderr
    single = one.tools()["find_recipes"]
    assert single["alias"] == "inconclusive"
    assert 'the arguments {"query": "scones"}' in single["note"]
    assert "--args find_recipes=" in single["note"]
