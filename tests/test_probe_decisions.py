"""What the probe calls without --mutations, and the arguments that decide the alias,
against a fake server (no SDK); tests/e2e/test_probe_safety.py runs real processes.

A read-only mode must be established before a tool is called: the listed
`readOnlyHint: true`, or with --source the code's annotation or effects. A limit of 1
only tells an honoured alias from an ignored one when it changes the answer, so the probe
looks for arguments where it does.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from toolargs.cli import main
from toolargs.config import Config
from toolargs.model import ToolReport
from toolargs.probe.listing import ListedTool, mode_of
from toolargs.probe.output import probe_table
from toolargs.probe.replies import Reply
from toolargs.probe.report import ProbeReport
from toolargs.probe.runner import Options, ToolResult, alias_candidates, probe_tool

RECIPES = ("apple pie", "banana bread", "carrot cake", "tea loaf", "lemon tart", "scones")
SEARCH = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "max_results": {"type": "integer", "default": 10},
    },
    "required": ["query"],
}


def ok(payload: Any) -> Reply:
    return Reply("result", texts=(json.dumps(payload),), structured=payload)


class Recipes:
    """A search whose query must match and not be empty: 'probe' finds nothing, '' is an
    error. `aliased`: the server maps
    `limit` onto max_results and reports unknown keys, as enforce_policy makes it."""

    def __init__(self, aliased: bool = True) -> None:
        self.aliased = aliased
        self.calls: list[dict[str, Any]] = []

    async def call(self, name: str, arguments: dict[str, Any]) -> Reply:
        self.calls.append(dict(arguments))
        if not arguments["query"]:
            return Reply("result", is_error=True, texts=("query must not be empty",))
        limit = arguments.get("max_results")
        if limit is None and self.aliased:
            limit = arguments.get("limit")
        hits = [r for r in RECIPES if arguments["query"] in r][: limit or 10]
        payload: dict[str, Any] = {"hits": hits}
        known = {"query", "max_results"} | ({"limit", "top_k"} if self.aliased else set())
        unknown = sorted(set(arguments) - known)
        if unknown and self.aliased:
            payload["unknown_args"] = unknown
        return ok(payload)


def run(server: Any, tool: ListedTool, static: ToolReport | None = None, **options: Any
        ) -> ToolResult:
    choice = mode_of(tool, static, Config())
    return asyncio.run(probe_tool(server, tool, choice, static, Options(**options)))


def static(mode: str, why: str, findings: tuple[str, ...] = ()) -> ToolReport:
    return ToolReport(
        name="record_visit", mode=mode, mode_source=why, shape="decorator",  # type: ignore
        path="server.py", line=12, col=5, handler="record_visit", schema_source="signature",
        known_args="n/a", strict=False, findings=findings,
    )


VISIT = ListedTool(
    "record_visit",
    {"type": "object", "properties": {"page": {"type": "string"}}, "required": ["page"]},
    None,
)


class Writes:
    def __init__(self) -> None:
        self.calls = 0

    async def call(self, name: str, arguments: dict[str, Any]) -> Reply:
        self.calls += 1
        return ok({"recorded": arguments.get("page")})


# -- what is called without --mutations ---------------------------------------------------


@pytest.mark.parametrize(
    "static_tool",
    [
        None,  # read-only by the default
        static("read-only", "default"),
        static("read-only", "name pattern 'record_*'"),
        static("read-only", "marker ReadTool"),
    ],
)
def test_a_guessed_read_only_mode_is_not_called(static_tool: ToolReport | None) -> None:
    server = Writes()
    result = run(server, VISIT, static_tool)
    assert server.calls == 0
    assert (result.probed, result.mode_established) == (False, False)
    assert "mode not established, not called" in result.note
    assert "--mutations calls it" in result.note
    assert ("--source" in result.note) == (static_tool is None)


@pytest.mark.parametrize(
    "static_tool",
    [
        static("read-only", "annotation readOnlyHint=True"),
        static("read-only", "effects: none in the resolved call tree"),
    ],
)
def test_read_only_by_the_codes_evidence_is_called(static_tool: ToolReport) -> None:
    server = Writes()
    result = run(server, VISIT, static_tool)
    assert server.calls >= 1 and result.probed and result.mode_established


def test_a_read_only_annotation_whose_handler_writes_is_a_mutation() -> None:
    server = Writes()
    result = run(server, VISIT, static("read-only", "annotation readOnlyHint=True", ("TAV403",)))
    assert server.calls == 0 and result.mode == "mutation"


def test_a_listed_read_only_hint_is_called_and_an_unestablished_tool_with_mutations_too(
) -> None:
    listed = ListedTool(VISIT.name, VISIT.input_schema, {"readOnlyHint": True})
    assert run(Writes(), listed).probed
    server = Writes()
    result = run(server, VISIT, mutations=True)
    assert server.calls >= 1 and result.probed and not result.mode_established


def test_the_table_and_summary_say_what_was_held_back() -> None:
    held = run(Writes(), VISIT)
    report = ProbeReport("python server.py", "demo 1.0", "mcp 1.30.0", (held,), None, False)
    table = probe_table(report)
    assert "record_visit  unknown" in table
    assert report.counts()["unknown_mode_not_called"] == 1
    assert "(1 tool of unknown mode without --mutations)" in report.line()


# -- arguments that decide the alias -------------------------------------------------------


def test_a_query_that_matches_nothing_is_replaced_until_the_limit_matters() -> None:
    server = Recipes()
    result = run(server, ListedTool("find_recipes", SEARCH, {"readOnlyHint": True}))
    assert (result.unknown_keys, result.alias, result.conforms) == ("reported", "honoured", True)
    assert 'query="a"' in result.note
    queries = [call["query"] for call in server.calls]
    assert queries[0] == "probe" and "" in queries and queries[-1] == "a"


def test_the_deciding_query_also_shows_an_ignored_alias() -> None:
    server = Recipes(aliased=False)
    result = run(server, ListedTool("find_recipes", SEARCH, {"readOnlyHint": True}))
    assert result.alias == "ignored" and result.conforms is False


def test_inconclusive_only_after_trying_and_says_what_was_tried() -> None:
    class Single(Recipes):
        async def call(self, name: str, arguments: dict[str, Any]) -> Reply:
            self.calls.append(dict(arguments))
            return ok({"hits": ["only one"], "unknown_args": sorted(
                set(arguments) - {"query", "max_results", "limit", "top_k"}) or None})

    server = Single()
    result = run(server, ListedTool("find_recipes", SEARCH, {"readOnlyHint": True}))
    assert result.alias == "inconclusive"
    for tried in ('the arguments {"query": "probe"}', 'query=""', 'query="a"', 'query="t"'):
        assert tried in result.note, result.note
    assert "--args find_recipes=" in result.note


def test_the_schemas_enum_examples_and_default_come_before_common_letters() -> None:
    schema = {
        "type": "object",
        "properties": {
            "kind": {"type": "string", "examples": ["invoice"], "default": "all"},
            "region": {"type": "string", "enum": ["eu", "us"]},
            "page": {"type": "integer"},
        },
        "required": ["kind", "region", "page"],
    }
    first = {"kind": "probe", "region": "eu", "page": 1}
    tried = alias_candidates(schema, first, set())
    kinds = [c["kind"] for c in tried if c["region"] == "eu" and c["kind"] != "probe"]
    assert kinds[:3] == ["invoice", "all", ""]
    assert [c["region"] for c in tried if c["kind"] == "probe"] == ["us"]  # enum only
    assert alias_candidates(schema, first, {"kind", "region"}) == []  # --value wins


def test_an_example_call_is_used_as_given() -> None:
    server = Recipes()
    tool = ListedTool("find_recipes", SEARCH, {"readOnlyHint": True})
    result = run(server, tool, args={"find_recipes": {"query": "e"}})
    assert result.alias == "honoured"
    assert all(call["query"] == "e" for call in server.calls)


def test_args_on_the_command_line_must_be_a_json_object(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert main(["probe", "--args", "find_recipes=[1]", "--", "true"]) == 2
    assert "expected a JSON object" in capsys.readouterr().err
    assert main(["probe", "--args", "find_recipes", "--", "true"]) == 2
    assert "expected TOOL=JSON" in capsys.readouterr().err
