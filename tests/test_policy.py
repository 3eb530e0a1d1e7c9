"""Central enforcement from a tool list: modes, KNOWN_ARGS from the schema, resolution."""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolargs.config import DEFAULT_MUTATION_TOOLS, Config, Mode
from toolargs.mode import Annotations, classify
from toolargs.runtime.policy import ToolArgs, ToolPolicy, tool_mode
from toolargs.runtime import MissingParam, enforce_policy

SEARCH_SCHEMA = {
    "type": "object",
    "properties": {"query": {"type": "string"}, "max_results": {"type": "integer"}},
    "required": ["query"],
}
EDIT_SCHEMA = {"type": "object", "properties": {"path": {}, "text": {}}}

TOOLS: list[dict[str, Any]] = [
    {"name": "search", "inputSchema": SEARCH_SCHEMA, "annotations": {"readOnlyHint": True}},
    {"name": "grep", "input_schema": {"properties": {"pattern": {}, "max_matches": {}}}},
    {"name": "replace_lines", "inputSchema": EDIT_SCHEMA},
    {"name": "write_note", "inputSchema": EDIT_SCHEMA, "annotations": {"readOnlyHint": False}},
]


@pytest.fixture(autouse=True)
def lenient_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLARGS_STRICT_ARGS", raising=False)


@pytest.fixture
def policy() -> ToolPolicy:
    return ToolPolicy.from_tools(TOOLS)


# -- mode -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "annotations", "mode"),
    [
        ("search", {"readOnlyHint": True}, "read-only"),
        ("search", {"read_only_hint": True}, "read-only"),
        ("search", SimpleNamespace(readOnlyHint=True, destructiveHint=None), "read-only"),
        ("search", SimpleNamespace(read_only_hint=True, destructive_hint=None), "read-only"),
        ("search", {"readOnlyHint": False}, "mutation"),
        # The MCP default for a missing readOnlyHint is false: annotated, not read-only.
        ("search", {"title": "Search"}, "mutation"),
        ("search", {"readOnlyHint": True, "destructiveHint": True}, "mutation"),
        ("search", {"destructive_hint": True}, "mutation"),
        # A read-only annotation on a mutation-named tool is checked as a mutation.
        ("replace_lines", {"readOnlyHint": True}, "mutation"),
        ("refactor_extract", None, "mutation"),
        ("replace_lines", None, "mutation"),
        ("search", None, "read-only"),
        ("search", {}, "mutation"),
    ],
)
def test_tool_mode(name: str, annotations: object, mode: str) -> None:
    assert tool_mode(name, annotations) == mode


def test_tool_mode_configured_patterns() -> None:
    # `tidy_` is no mutation verb: only the configured pattern makes it one.
    assert tool_mode("tidy_file", None, mutation_tools=("tidy_*",)) == "mutation"
    assert tool_mode("tidy_file", None) == "read-only"
    assert tool_mode("peek", None, read_only_tools=("peek",), default_mode="mutation") == (
        "read-only"
    )
    assert tool_mode("poke", None, read_only_tools=("peek",), default_mode="mutation") == (
        "mutation"
    )


def test_default_mutation_patterns_are_the_configured_ones() -> None:
    for pattern in DEFAULT_MUTATION_TOOLS:
        name = pattern.replace("*", "anything")
        assert tool_mode(name, None) == "mutation", name


ANNOTATION_CASES: list[dict[str, Any] | None] = [
    None,
    {},
    {"readOnlyHint": True},
    {"readOnlyHint": False},
    {"readOnlyHint": True, "destructiveHint": True},
    {"readOnlyHint": True, "destructiveHint": False},
    {"destructiveHint": True},
]
NAME_CASES = ["search", "replace_lines", "refactor_x", "delete_note", "deleteNote", "peek", "poke"]


@pytest.mark.parametrize("default_mode", ["read-only", "mutation"])
@pytest.mark.parametrize("annotations", ANNOTATION_CASES)
@pytest.mark.parametrize("name", NAME_CASES)
def test_tool_mode_follows_the_checker_precedence(
    name: str, annotations: dict[str, Any] | None, default_mode: Mode
) -> None:
    """The runtime decides modes without the checker's modules; for what a running server
    knows (no markers, no effects) it must decide as `toolargs.mode.classify` does."""
    config = Config(read_only_tools=("peek",), default_mode=default_mode)
    hints = None
    if annotations is not None:
        hints = Annotations(
            annotations.get("readOnlyHint"), annotations.get("destructiveHint"), repr(annotations)
        )
    expected = classify(name, hints, (), config).mode
    assert tool_mode(
        name, annotations, read_only_tools=("peek",), default_mode=default_mode
    ) == expected


# -- KNOWN_ARGS from the schema ---------------------------------------------------------


def test_known_args_add_aliases_only_with_a_limit_field() -> None:
    search = ToolArgs.from_schema("search", SEARCH_SCHEMA, "read-only")
    assert search.known_args == {"query", "max_results", "limit", "top_k"}
    assert (search.limit_field, search.aliases) == ("max_results", ("limit", "top_k"))
    edit = ToolArgs.from_schema("edit", EDIT_SCHEMA, "mutation")
    assert edit.known_args == {"path", "text"}
    assert (edit.limit_field, edit.aliases) == (None, ())


def test_limit_field_preference_follows_limit_fields() -> None:
    schema: dict[str, Any] = {"properties": {"max_matches": {}, "max_results": {}}}
    assert ToolArgs.from_schema("t", schema, "read-only").limit_field == "max_results"


def test_schema_property_named_like_an_alias_is_a_parameter() -> None:
    schema: dict[str, Any] = {"properties": {"max_results": {}, "limit": {}}}
    tool = ToolArgs.from_schema("t", schema, "read-only")
    assert tool.aliases == ("top_k",)
    resolution = tool.resolve({"limit": 4, "top_k": 9})
    assert resolution.arguments == {"limit": 4, "max_results": 9}


@pytest.mark.parametrize("schema", [None, {}, {"properties": None}, {"properties": ["a"]}])
def test_schema_without_properties_knows_nothing(schema: object) -> None:
    tool = ToolArgs.from_schema("t", schema, "read-only")
    assert tool.known_args == frozenset()
    assert tool.resolve({"a": 1, "_meta": {}}).unknown_args == ["a"]


# -- resolution -------------------------------------------------------------------------


def test_read_only_alias_and_unknown_args(policy: ToolPolicy) -> None:
    resolution = policy.resolve("search", {"query": "x", "limit": 3, "banana": 1})
    assert resolution.arguments == {"query": "x", "max_results": 3}
    assert resolution.unknown_args == ["banana"]
    assert resolution.mode == "read-only"
    assert resolution.with_unknown_args({"hits": []}) == {"hits": [], "unknown_args": ["banana"]}


def test_canonical_wins(policy: ToolPolicy) -> None:
    resolution = policy.resolve("search", {"query": "x", "max_results": 5, "limit": 99})
    assert resolution.arguments == {"query": "x", "max_results": 5}
    assert resolution.unknown_args == []


def test_top_k_for_max_matches(policy: ToolPolicy) -> None:
    resolution = policy.resolve("grep", {"pattern": "p", "top_k": 2})
    assert resolution.arguments == {"pattern": "p", "max_matches": 2}


def test_invalid_alias_values_leave_the_default(policy: ToolPolicy) -> None:
    resolution = policy.resolve("search", {"query": "x", "limit": "3", "top_k": -1})
    assert resolution.arguments == {"query": "x"}
    assert resolution.unknown_args == []


def test_clean_call_has_no_unknown_args(policy: ToolPolicy) -> None:
    resolution = policy.resolve("search", {"query": "x", "_meta": {"a": 1}})
    assert resolution.arguments == {"query": "x", "_meta": {"a": 1}}
    assert resolution.with_unknown_args({"hits": []}) == {"hits": []}


def test_max_results_on_a_tool_without_limit_field_is_unknown() -> None:
    policy = ToolPolicy.from_tools([{"name": "list_files", "inputSchema": {"properties": {}}}])
    assert policy.resolve("list_files", {"max_results": 3}).unknown_args == ["max_results"]


def test_mutation_rejects_unknown_keys(policy: ToolPolicy) -> None:
    with pytest.raises(MissingParam) as info:
        policy.resolve("replace_lines", {"path": "a", "text": "b", "dry_run": True, "aa": 1})
    assert str(info.value) == "unknown arg: aa"
    assert info.value.unknown == ("aa", "dry_run")
    with pytest.raises(MissingParam, match="unknown arg: force"):
        policy.resolve("write_note", {"path": "a", "force": True})


def test_mutation_clean_call_resolves(policy: ToolPolicy) -> None:
    resolution = policy.resolve("replace_lines", {"path": "a", "text": "b", "_meta": {}})
    assert resolution.mode == "mutation"
    assert resolution.arguments == {"path": "a", "text": "b", "_meta": {}}


def test_strict_env_rejects_on_read_only(
    policy: ToolPolicy, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "1")
    with pytest.raises(MissingParam, match="unknown arg: banana"):
        policy.resolve("search", {"query": "x", "banana": 1})
    assert policy.resolve("search", {"query": "x", "limit": 2}).arguments["max_results"] == 2


@pytest.mark.parametrize("arguments", [None, [], "x"])
def test_non_dict_arguments_resolve_to_empty(policy: ToolPolicy, arguments: object) -> None:
    resolution = policy.resolve("search", arguments)
    assert (resolution.arguments, resolution.unknown_args) == ({}, [])


def test_unknown_tool_is_a_lookup_error(policy: ToolPolicy) -> None:
    assert "search" in policy and "nope" not in policy
    with pytest.raises(LookupError, match="unknown tool: nope"):
        policy.resolve("nope", {})


def test_from_tools_reads_sdk_objects_of_both_majors() -> None:
    v1 = SimpleNamespace(
        name="search",
        inputSchema=SEARCH_SCHEMA,
        annotations=SimpleNamespace(readOnlyHint=True, destructiveHint=None),
    )
    v2 = SimpleNamespace(
        name="replace_content",
        input_schema=EDIT_SCHEMA,
        annotations=SimpleNamespace(read_only_hint=None, destructive_hint=True),
    )
    policy = ToolPolicy.from_tools([v1, v2])
    assert policy.tools["search"].mode == "read-only"
    assert policy.tools["search"].known_args == {"query", "max_results", "limit", "top_k"}
    assert policy.tools["replace_content"].mode == "mutation"
    assert policy.tools["replace_content"].known_args == {"path", "text"}


def test_from_tools_needs_names() -> None:
    with pytest.raises(TypeError, match="without a name"):
        ToolPolicy.from_tools([{"inputSchema": {}}])


def test_enforce_policy_refuses_other_objects() -> None:
    with pytest.raises(TypeError, match="MCP Python SDK server"):
        enforce_policy(object())


def test_enforce_policy_leaves_a_servers_test_double_alone() -> None:
    # A server's own tests patch its Server class (`patch("app.server.Server")`): the
    # code under test, fixed by `toolargs fix`, calls enforce_policy on the mock.
    from unittest.mock import MagicMock, Mock

    for double in (MagicMock(), Mock(), MagicMock(spec=object)):
        assert enforce_policy(double) is double


# -- properties -------------------------------------------------------------------------

json_scalars = st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=4)
key_names = st.sampled_from(
    ["query", "max_results", "limit", "top_k", "banana", "_meta", "path", "text"]
) | st.text(max_size=6)
json_args = st.dictionaries(key_names, json_scalars, max_size=8)


@given(json_args)
def test_property_read_only_resolution(args: dict[str, Any]) -> None:
    tool = ToolArgs.from_schema("search", SEARCH_SCHEMA, "read-only")
    before = copy.deepcopy(args)
    resolution = tool.resolve(args)
    assert args == before
    expected_unknown = sorted(
        k for k in args if k not in tool.known_args and not k.startswith("_")
    )
    assert resolution.unknown_args == expected_unknown
    resolved = resolution.arguments
    assert not set(resolved) & (set(expected_unknown) | {"limit", "top_k"})
    if "max_results" in args:
        assert resolved["max_results"] == args["max_results"]
    else:
        valid = [
            args[a]
            for a in ("limit", "top_k")
            if isinstance(args.get(a), int) and not isinstance(args[a], bool) and args[a] >= 0
        ]
        assert resolved.get("max_results", None) == (valid[0] if valid else None)


@given(json_args)
def test_property_mutation_resolution(args: dict[str, Any]) -> None:
    tool = ToolArgs.from_schema("edit", EDIT_SCHEMA, "mutation")
    before = copy.deepcopy(args)
    unknown = sorted(k for k in args if k not in {"path", "text"} and not k.startswith("_"))
    if unknown:
        with pytest.raises(MissingParam) as info:
            tool.resolve(args)
        assert info.value.param == unknown[0]
    else:
        assert tool.resolve(args).arguments == args
    assert args == before
