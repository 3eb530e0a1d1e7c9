"""The probe's plan and verdicts against a fake server (toolargs.probe.runner, judging,
report); no SDK. The end-to-end tests in tests/e2e/test_probe*.py run real servers."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

import pytest

from toolargs.config import Config
from toolargs.model import ToolReport
from toolargs.probe.crosscheck import StaticAudit, cross_check
from toolargs.probe.listing import ListedTool, mode_of
from toolargs.probe.output import probe_json, probe_markdown, probe_table
from toolargs.probe.replies import Reply
from toolargs.probe.report import ProbeReport
from toolargs.probe.runner import Options, ServerGone, ToolResult, probe_tool
from toolargs.probe.synthesis import UNKNOWN_KEY

SEARCH_SCHEMA = {
    "type": "object",
    "properties": {"query": {"type": "string"}, "max_results": {"type": "integer"}},
    "required": ["query"],
}
READ_ONLY = {"readOnlyHint": True}

Behaviour = Callable[[dict[str, Any]], Reply]


def ok(payload: Any) -> Reply:
    return Reply("result", texts=(json.dumps(payload),), structured=payload)


def tool_error(text: str) -> Reply:
    return Reply("result", is_error=True, texts=(text,))


class FakeServer:
    """Answers calls with a behaviour per tool and records every call it got."""

    def __init__(self, **behaviours: Behaviour) -> None:
        self.behaviours = behaviours
        self.calls: list[tuple[str, dict[str, Any]]] = []

    async def call(self, name: str, arguments: dict[str, Any]) -> Reply:
        self.calls.append((name, dict(arguments)))
        return self.behaviours[name](arguments)


def probe(
    server: FakeServer,
    name: str,
    schema: dict[str, Any] = SEARCH_SCHEMA,
    annotations: dict[str, Any] | None = READ_ONLY,
    static: ToolReport | None = None,
    **options: Any,
) -> ToolResult:
    tool = ListedTool(name, schema, annotations)
    choice = mode_of(tool, static, Config())
    return asyncio.run(probe_tool(server, tool, choice, static, Options(**options)))


# -- behaviours of read-only tools -------------------------------------------------------


def lenient_search(args: dict[str, Any]) -> Reply:
    """Follows the policy: limit aliased, unknown keys reported."""
    limit = args.get("max_results", args.get("limit", 3))
    payload: dict[str, Any] = {"hits": list(range(limit))}
    unknown = sorted(set(args) - {"query", "max_results", "limit", "top_k"})
    if unknown:
        payload["unknown_args"] = unknown
    return ok(payload)


def dropping_search(args: dict[str, Any]) -> Reply:
    return ok({"hits": list(range(args.get("max_results", 3)))})


def strict_search(args: dict[str, Any]) -> Reply:
    extra = sorted(set(args) - {"query", "max_results"})
    if extra:
        return tool_error(f"Input validation error: '{extra[0]}' was unexpected")
    return dropping_search(args)


def test_policy_tool_reports_and_honours_the_alias() -> None:
    server = FakeServer(search=lenient_search)
    result = probe(server, "search")
    assert (result.unknown_keys, result.alias, result.conforms) == ("reported", "honoured", True)
    assert server.calls == [
        ("search", {"query": "probe", UNKNOWN_KEY: 1}),
        ("search", {"query": "probe"}),
        ("search", {"query": "probe", "max_results": 1}),
        ("search", {"query": "probe", "max_results": 1}),
        ("search", {"query": "probe", "limit": 1}),
    ]


def test_dropping_tool_fails_twice() -> None:
    result = probe(FakeServer(search=dropping_search), "search")
    assert (result.unknown_keys, result.alias, result.conforms) == ("dropped", "ignored", False)
    assert "limit=1 answers as the call without a limit" in result.note


def test_schema_rejection_of_a_read_only_tool_does_not_conform() -> None:
    result = probe(FakeServer(search=strict_search), "search")
    assert (result.unknown_keys, result.alias, result.conforms) == ("rejected", "ignored", False)
    assert UNKNOWN_KEY in result.evidence


def test_rejection_without_naming_the_key_is_told_by_a_call_without_it() -> None:
    def refuses_extras(args: dict[str, Any]) -> Reply:
        return tool_error("bad request") if len(args) > 1 else ok({"hits": []})

    result = probe(FakeServer(search=refuses_extras), "search")
    assert result.unknown_keys == "rejected" and result.conforms is False
    assert "fails only with the unknown key" in result.note


def test_a_tool_failing_anyway_is_inconclusive_and_not_compared() -> None:
    server = FakeServer(search=lambda args: tool_error("index not loaded"))
    result = probe(server, "search")
    assert (result.unknown_keys, result.alias, result.conforms) == (
        "inconclusive", "inconclusive", None
    )
    assert len(server.calls) == 2  # with and without the key, no alias calls
    assert "index not loaded" in result.evidence


def test_strict_env_makes_the_policy_rejection_conform() -> None:
    def rejects(args: dict[str, Any]) -> Reply:
        extra = sorted(set(args) - {"query", "max_results", "limit", "top_k"})
        return tool_error(f"unknown arg: {extra[0]}") if extra else lenient_search(args)

    assert probe(FakeServer(search=rejects), "search", strict_env=True).conforms is True
    assert probe(FakeServer(search=rejects), "search", strict_env=False).conforms is False


def test_timeout_is_inconclusive() -> None:
    server = FakeServer(search=lambda args: Reply("timeout", message="no answer within 1 s"))
    result = probe(server, "search")
    assert result.unknown_keys == "inconclusive" and result.conforms is None


def test_alias_inconclusive_when_the_limit_changes_nothing() -> None:
    def constant(args: dict[str, Any]) -> Reply:
        return lenient_search({k: v for k, v in args.items() if k not in ("max_results", "limit")})

    result = probe(FakeServer(search=constant), "search")
    verdicts = (result.unknown_keys, result.alias, result.conforms)
    assert verdicts == ("reported", "inconclusive", None)


def test_alias_inconclusive_when_identical_calls_differ() -> None:
    counter = iter(range(100))

    def clock(args: dict[str, Any]) -> Reply:
        reply = lenient_search(args)
        return ok({**reply.structured, "now": next(counter)})

    result = probe(FakeServer(search=clock), "search")
    assert result.alias == "inconclusive" and "answered differently" in result.note


def test_no_limit_field_no_alias_calls() -> None:
    schema = {"type": "object", "properties": {"path": {"type": "string"}}}
    server = FakeServer(outline=lambda args: ok({"unknown_args": [UNKNOWN_KEY]}))
    result = probe(server, "outline", schema=schema)
    assert (result.alias, result.conforms) == ("n/a", True)
    assert len(server.calls) == 1


def test_unsynthesisable_tool_is_skipped_with_the_reason() -> None:
    schema = {"properties": {"choice": {"enum": []}}, "required": ["choice"]}
    server = FakeServer()
    result = probe(server, "pick", schema=schema)
    assert not result.probed and result.conforms is None
    assert "enum lists no value" in result.note
    assert server.calls == []


# -- mutation tools ----------------------------------------------------------------------


def explode(args: dict[str, Any]) -> Reply:
    raise AssertionError("a mutation tool was called")


@pytest.mark.parametrize(
    "name, annotations",
    [
        ("replace_lines", None),  # a mutation by name
        ("write_note", {"readOnlyHint": False, "destructiveHint": True}),
        ("search", {"title": "Search"}),  # annotated without readOnlyHint: MCP says mutation
        ("search", {"readOnlyHint": True, "destructiveHint": True}),
    ],
)
def test_mutation_tools_are_never_called_without_permission(
    name: str, annotations: dict[str, Any] | None
) -> None:
    server = FakeServer(**{name: explode})
    result = probe(server, name, annotations=annotations)
    assert result.mode == "mutation" and not result.probed
    assert server.calls == []


def test_static_mutation_wins_over_a_read_only_listing() -> None:
    static = static_tool("search", "mutation", "effect: os.remove() (tools.py:9)")
    server = FakeServer(search=explode)
    result = probe(server, "search", static=static)
    assert result.mode == "mutation" and "static audit: mutation" in result.mode_source
    assert server.calls == []


def test_mutation_rejecting_with_the_policy_message_conforms() -> None:
    server = FakeServer(write=lambda args: tool_error(f"unknown arg: {UNKNOWN_KEY}"))
    result = probe(server, "write", annotations={"readOnlyHint": False}, mutations=True)
    assert (result.unknown_keys, result.alias, result.conforms) == ("rejected", "n/a", True)
    assert len(server.calls) == 1


def test_mutation_rejected_by_the_framework_conforms_and_says_so() -> None:
    server = FakeServer(write=lambda args: tool_error(f"{UNKNOWN_KEY}: Unexpected keyword"))
    result = probe(server, "write", annotations={"readOnlyHint": False}, mutations=True)
    assert (result.unknown_keys, result.conforms) == ("rejected", True)
    assert "schema or framework" in result.note


def test_mutation_that_runs_says_its_side_effect_happened() -> None:
    server = FakeServer(write=lambda args: ok({"written": True}))
    result = probe(server, "write", annotations={"readOnlyHint": False}, mutations=True)
    assert (result.unknown_keys, result.conforms) == ("dropped", False)
    assert "side effect happened" in result.note


def test_a_closed_connection_stops_the_probe() -> None:
    server = FakeServer(search=lambda args: Reply("closed", message="connection closed"))
    with pytest.raises(ServerGone) as gone:
        probe(server, "search")
    assert gone.value.result.unknown_keys == "inconclusive"


# -- modes, cross-check, report ----------------------------------------------------------


def static_tool(name: str, mode: str, why: str, findings: tuple[str, ...] = ()) -> ToolReport:
    return ToolReport(
        name=name, mode=mode, mode_source=why, shape="decorator", path="server.py", line=3,
        col=1, handler=name, schema_source="signature", known_args="n/a", strict=False,
        findings=findings,
    )  # type: ignore[arg-type]


def test_without_annotations_the_static_mode_is_taken() -> None:
    tool = ListedTool("frobnicate", {}, None)
    choice = mode_of(tool, static_tool("frobnicate", "mutation", "effect: write"), Config())
    assert choice.mode == "mutation" and choice.source == "static audit: effect: write"
    assert mode_of(tool, None, Config()).source == "default"


def test_cross_check_names_every_difference() -> None:
    audit = StaticAudit(
        "src",
        (
            static_tool("search", "mutation", "effect: write"),
            static_tool("ghost", "read-only", "default"),
            static_tool("outline", "read-only", "annotation readOnlyHint=True"),
        ),
        (),
    )
    choices = {
        name: mode_of(ListedTool(name, {}, READ_ONLY), audit.by_name().get(name), Config())
        for name in ("search", "runtime_only", "outline")
    }
    check = cross_check(audit, choices)
    assert check.not_found_statically == ("runtime_only",)
    assert [t.name for t in check.not_listed] == ["ghost"]
    assert [d.name for d in check.modes_differ] == ["search"]
    assert not check.clean


def report_of(*tools: ToolResult, stopped: str = "") -> ProbeReport:
    return ProbeReport("python server.py", "demo 1.0", "mcp 1.0", tools, None, False, stopped)


def result(conforms: bool | None, probed: bool = True) -> ToolResult:
    return ToolResult("t", "read-only", "default", probed, "reported", "n/a", conforms, None)


def test_exit_codes() -> None:
    assert report_of(result(True), result(None), result(None, probed=False)).exit_code == 0
    assert report_of(result(True), result(False)).exit_code == 1
    assert report_of(result(True), stopped="the server went away").exit_code == 2


def test_outputs_carry_every_field() -> None:
    report = report_of(result(True), result(False))
    data = json.loads(probe_json(report))
    assert set(data) == {"tools", "summary"}
    assert set(data["tools"][0]) == {
        "name", "mode", "mode_source", "mode_established", "probed", "unknown_keys",
        "alias", "conforms", "static", "evidence", "note",
    }
    assert data["summary"]["not_conforming"] == 1
    assert "NO" in probe_table(report) and "**no**" in probe_markdown(report)
