"""The runtime helpers against the policy's contract (DESIGN.md section 3)."""

from __future__ import annotations

import copy
import json
import subprocess
from dataclasses import dataclass
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolargs import runtime
from toolargs.runtime import (
    DEFAULT_ALIASES,
    LIMIT_FIELDS,
    MissingParam,
    collect_unknown_args,
    optional_usize_with_aliases,
    reject_unknown_args,
    with_unknown_args,
)

KNOWN_ARGS = ("query", "max_results", "limit", "top_k")


@pytest.fixture(autouse=True)
def lenient_env(monkeypatch: pytest.MonkeyPatch) -> None:
    # A developer's shell may have strict mode on; every test states its own.
    monkeypatch.delenv("TOOLARGS_STRICT_ARGS", raising=False)


# -- constants and import surface -------------------------------------------------------


def test_constants() -> None:
    assert DEFAULT_ALIASES == ("limit", "top_k")
    assert LIMIT_FIELDS == ("max_results", "max_matches")


def test_all_names_exist() -> None:
    # Includes the lazily loaded ToolPolicy, Resolution and enforce_policy.
    for name in runtime.__all__:
        assert hasattr(runtime, name), name


@pytest.mark.parametrize(
    "statement",
    [
        "import toolargs.runtime",
        # The central enforcement is loaded lazily and must stay light as well.
        "from toolargs.runtime import ToolPolicy, enforce_policy",
    ],
)
def test_import_is_standard_library_only(statement: str) -> None:
    code = (
        f"import sys\n{statement}\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'libcst', 'flake8', 'pycodestyle', 'pyflakes', 'mcp', 'pydantic'})\n"
        "print(','.join(heavy))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


# -- optional_usize_with_aliases --------------------------------------------------------


def test_canonical_wins_over_alias() -> None:
    assert optional_usize_with_aliases(
        {"max_results": 10, "limit": 99}, "max_results", DEFAULT_ALIASES, 20
    ) == 10


def test_alias_used_when_canonical_absent() -> None:
    assert optional_usize_with_aliases({"limit": 5}, "max_results", DEFAULT_ALIASES, 20) == 5
    assert optional_usize_with_aliases({"top_k": 7}, "max_results", DEFAULT_ALIASES, 20) == 7


def test_aliases_tried_in_order() -> None:
    args = {"limit": 5, "top_k": 7}
    assert optional_usize_with_aliases(args, "max_results", ("limit", "top_k"), 20) == 5
    assert optional_usize_with_aliases(args, "max_results", ("top_k", "limit"), 20) == 7


def test_default_when_nothing_given() -> None:
    assert optional_usize_with_aliases({}, "max_results", DEFAULT_ALIASES, 20) == 20
    assert optional_usize_with_aliases({"query": "x"}, "max_matches", DEFAULT_ALIASES, 3) == 3


@pytest.mark.parametrize("bad", [True, False, "10", -1, 10.0, None, [3], {"n": 3}])
def test_invalid_values_are_skipped(bad: object) -> None:
    assert optional_usize_with_aliases({"max_results": bad}, "max_results", (), 20) == 20
    # An invalid canonical value does not hide a valid alias.
    args = {"max_results": bad, "limit": 4}
    assert optional_usize_with_aliases(args, "max_results", DEFAULT_ALIASES, 20) == 4


def test_zero_and_large_values_are_valid() -> None:
    assert optional_usize_with_aliases({"max_results": 0}, "max_results", (), 20) == 0
    big = 2**70
    assert optional_usize_with_aliases({"max_results": big}, "max_results", (), 20) == big


@pytest.mark.parametrize("args", [None, [], "max_results", 5, [("max_results", 3)]])
def test_non_dict_args_give_default(args: object) -> None:
    assert optional_usize_with_aliases(args, "max_results", DEFAULT_ALIASES, 20) == 20


def test_single_alias_string_is_one_alias() -> None:
    # A bare string must not be read as the aliases "l", "i", "m"...
    assert optional_usize_with_aliases({"limit": 6}, "max_results", "limit", 20) == 6
    assert optional_usize_with_aliases({"l": 6}, "max_results", "limit", 20) == 20


# -- collect_unknown_args ---------------------------------------------------------------


def test_collect_returns_sorted_unknown_keys() -> None:
    args = {"query": "x", "zeta": 1, "banana": 2, "limit": 5}
    assert collect_unknown_args(args, KNOWN_ARGS) == ["banana", "zeta"]


def test_collect_clean_call_is_empty() -> None:
    assert collect_unknown_args({"query": "x", "max_results": 3}, KNOWN_ARGS) == []


def test_underscore_keys_are_never_unknown() -> None:
    args = {"_meta": {}, "_session_id": "s", "_": 1, "banana": 1}
    assert collect_unknown_args(args, KNOWN_ARGS) == ["banana"]


@pytest.mark.parametrize("args", [None, [], "banana", 3, [("banana", 1)]])
def test_collect_non_dict_is_empty(args: object) -> None:
    assert collect_unknown_args(args, KNOWN_ARGS) == []


def test_collect_accepts_any_collection_of_known() -> None:
    args = {"query": "x", "banana": 1}
    assert collect_unknown_args(args, frozenset({"query"})) == ["banana"]
    assert collect_unknown_args(args, ["query"]) == ["banana"]
    assert collect_unknown_args(args, {"query": {"type": "string"}}) == ["banana"]


def test_collect_reports_non_string_keys() -> None:
    # Not JSON, but a Python caller can pass them; they must not vanish.
    assert collect_unknown_args({1: "a", "query": "x"}, KNOWN_ARGS) == ["1"]


def test_collect_strict_env_rejects(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "1")
    with pytest.raises(MissingParam) as info:
        collect_unknown_args({"query": "x", "zeta": 1, "banana": 2}, KNOWN_ARGS)
    assert str(info.value) == "unknown arg: banana"
    assert info.value.param == "banana"
    assert info.value.unknown == ("banana", "zeta")


def test_collect_strict_env_clean_call_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "1")
    assert collect_unknown_args({"query": "x", "_meta": {}}, KNOWN_ARGS) == []


@pytest.mark.parametrize("value", ["0", "", "no", "false"])
def test_collect_strict_env_off_values(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", value)
    assert collect_unknown_args({"banana": 1}, KNOWN_ARGS) == ["banana"]


def test_collect_reads_env_at_call_time(monkeypatch: pytest.MonkeyPatch) -> None:
    args = {"banana": 1}
    assert collect_unknown_args(args, KNOWN_ARGS) == ["banana"]
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "1")
    with pytest.raises(MissingParam):
        collect_unknown_args(args, KNOWN_ARGS)
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "0")
    assert collect_unknown_args(args, KNOWN_ARGS) == ["banana"]


# -- reject_unknown_args ----------------------------------------------------------------


def test_reject_names_first_sorted_key_and_carries_all() -> None:
    with pytest.raises(MissingParam) as info:
        reject_unknown_args({"path": "a", "zeta": 1, "banana": 2}, ("path",))
    assert str(info.value) == "unknown arg: banana"
    assert info.value.param == "banana"
    assert info.value.unknown == ("banana", "zeta")
    assert isinstance(info.value, ValueError)


def test_reject_clean_call_returns_none() -> None:
    reject_unknown_args({"path": "a", "_meta": {}}, ("path",))


@pytest.mark.parametrize("args", [None, [], "banana"])
def test_reject_non_dict_passes(args: object) -> None:
    reject_unknown_args(args, ("path",))


def test_reject_ignores_strict_env_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    # Mutation tools are strict whatever the environment says.
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "0")
    with pytest.raises(MissingParam, match="unknown arg: banana"):
        reject_unknown_args({"banana": 1}, ("path",))


# -- with_unknown_args ------------------------------------------------------------------


def test_with_unknown_args_adds_when_non_empty() -> None:
    payload: dict[str, Any] = {"results": []}
    returned = with_unknown_args(payload, ["banana"])
    assert returned is payload
    assert payload == {"results": [], "unknown_args": ["banana"]}


def test_with_unknown_args_clean_call_has_no_key() -> None:
    payload: dict[str, Any] = {"results": []}
    assert with_unknown_args(payload, []) == {"results": []}
    assert "unknown_args" not in payload


def test_with_unknown_args_copies_the_list() -> None:
    unknown = ["banana"]
    payload = with_unknown_args(dict[str, Any](), unknown)
    unknown.append("zeta")
    assert payload["unknown_args"] == ["banana"]


BLOCK = {"type": "text", "text": '{"unknown_args": ["banana"]}'}


def test_with_unknown_args_appends_a_dict_block_to_dict_blocks() -> None:
    blocks = [{"type": "text", "text": "hello"}]
    assert with_unknown_args(blocks, ["banana"]) == [{"type": "text", "text": "hello"}, BLOCK]
    assert blocks == [{"type": "text", "text": "hello"}]  # a new list; the handler's is kept


def test_with_unknown_args_keeps_a_tuple_a_tuple() -> None:
    assert with_unknown_args((), ["banana"]) == (BLOCK,)


@dataclass
class TextContent:
    """Stands in for an SDK content class: built with type= and text= keywords."""

    type: str
    text: str


@dataclass
class ImageContent:
    type: str
    data: str


def test_with_unknown_args_builds_the_block_with_the_blocks_class() -> None:
    blocks = [ImageContent("image", "..."), TextContent("text", "hello")]
    result = with_unknown_args(blocks, ["banana", "zeta"])
    assert result[:2] == blocks
    assert result[2] == TextContent("text", '{"unknown_args": ["banana", "zeta"]}')


def test_with_unknown_args_without_a_text_block_uses_the_modules_text_class() -> None:
    result = with_unknown_args([ImageContent("image", "...")], ["banana"])
    assert result[-1] == TextContent("text", '{"unknown_args": ["banana"]}')


def test_with_unknown_args_turns_a_string_into_two_blocks() -> None:
    assert with_unknown_args("hello", ["banana"]) == [{"type": "text", "text": "hello"}, BLOCK]
    assert with_unknown_args("hello", []) == "hello"
    assert with_unknown_args("[1, 2]", ["banana"]) == [{"type": "text", "text": "[1, 2]"}, BLOCK]


def test_with_unknown_args_keeps_json_object_text_json() -> None:
    """A hand-written server's branch returns `json.dumps(...)` and its dispatcher parses
    it again: the key goes inside the object, and the text stays JSON."""
    found = with_unknown_args('{"hits": 3}', ["banana"])
    assert json.loads(found) == {"hits": 3, "unknown_args": ["banana"]}
    assert with_unknown_args('{"hits": 3}', []) == '{"hits": 3}'
    assert with_unknown_args("{not json", ["banana"])[1] == BLOCK


@dataclass
class CallToolResult:
    content: list[Any]
    structuredContent: dict[str, Any] | None = None  # noqa: N815 - the SDK 1.x spelling


def test_with_unknown_args_on_a_result_object() -> None:
    original = CallToolResult([TextContent("text", "{}")], {"hits": []})
    result = with_unknown_args(original, ["banana"])
    assert result.content == [TextContent("text", "{}"), TextContent("text", BLOCK["text"])]
    assert result.structuredContent == {"hits": [], "unknown_args": ["banana"]}
    assert original.structuredContent == {"hits": []}  # the handler's result is unchanged
    bare = with_unknown_args(CallToolResult([]), ["banana"])
    assert bare.content == [BLOCK] and bare.structuredContent is None


@pytest.mark.parametrize("payload", [[], (), "", CallToolResult([]), {}])
def test_with_unknown_args_adds_nothing_on_a_clean_call(payload: Any) -> None:
    assert with_unknown_args(payload, []) is payload


def test_with_unknown_args_rejects_other_shapes() -> None:
    with pytest.raises(TypeError, match="content blocks"):
        with_unknown_args(42, ["banana"])


# -- MissingParam -----------------------------------------------------------------------


def test_missing_param_param_from_message() -> None:
    assert MissingParam("unknown arg: banana").param == "banana"
    assert MissingParam("missing param: query").param == "query"
    assert MissingParam("query").param == "query"
    assert MissingParam("unknown arg: x", param="y").param == "y"
    assert MissingParam("query").unknown == ()


# -- the seed examples, end to end through a handler ------------------------------------


def search(arguments: dict[str, Any]) -> dict[str, Any]:
    """A read-only handler written the way the checker expects."""
    query = arguments.get("query", "")
    max_results = optional_usize_with_aliases(arguments, "max_results", DEFAULT_ALIASES, 20)
    unknown = collect_unknown_args(arguments, KNOWN_ARGS)
    payload: dict[str, Any] = {"query": query, "max_results": max_results}
    return with_unknown_args(payload, unknown)


def test_seed_examples() -> None:
    assert search({"query": "x", "max_results": 10, "limit": 99})["max_results"] == 10
    assert search({"query": "x", "limit": 5, "banana": 1}) == {
        "query": "x",
        "max_results": 5,
        "unknown_args": ["banana"],
    }
    assert search({"query": "x"}) == {"query": "x", "max_results": 20}


# -- properties over arbitrary JSON-like arguments --------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(), children, max_size=3),
    max_leaves=8,
)
key_names = st.sampled_from(
    ["max_results", "max_matches", "limit", "top_k", "query", "_meta", "banana", "_x"]
) | st.text(max_size=8)
json_args = st.dictionaries(key_names, json_values, max_size=8)
known_sets = st.lists(key_names, max_size=6, unique=True)
alias_lists = st.lists(key_names, max_size=3, unique=True)


def is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@given(
    json_args,
    st.sampled_from(LIMIT_FIELDS),
    alias_lists,
    st.integers(0, 100),
    st.integers(0, 10**6),
    st.integers(1, 10**6),
)
def test_property_limit_is_a_valid_candidate(
    args: dict[str, Any],
    canonical: str,
    aliases: list[str],
    default: int,
    canonical_value: int,
    offset: int,
) -> None:
    before = copy.deepcopy(args)
    result = optional_usize_with_aliases(args, canonical, aliases, default)
    assert args == before
    candidates = [args[n] for n in (canonical, *aliases) if n in args and is_count(args[n])]
    if is_count(args.get(canonical)):
        assert result == args[canonical]
    assert result == (candidates[0] if candidates else default)
    # Random arguments rarely hold the canonical field and an alias both as counts, so
    # every example also makes them collide: the canonical value must win over every
    # alias holding another count, wherever the alias stands in the list.
    rivals = [a for a in aliases if a != canonical] or [
        a for a in DEFAULT_ALIASES if a != canonical
    ]
    colliding = {**args, **{a: canonical_value + offset for a in rivals}}
    colliding[canonical] = canonical_value
    assert optional_usize_with_aliases(colliding, canonical, rivals, default) == canonical_value


@given(json_args, known_sets)
def test_property_collect_is_exactly_the_outside_keys(
    args: dict[str, Any], known: list[str]
) -> None:
    before = copy.deepcopy(args)
    unknown = collect_unknown_args(args, known)
    assert args == before
    assert unknown == sorted(k for k in args if k not in known and not k.startswith("_"))


@given(json_args, known_sets)
def test_property_reject_agrees_with_collect(args: dict[str, Any], known: list[str]) -> None:
    before = copy.deepcopy(args)
    unknown = collect_unknown_args(args, known)
    if unknown:
        with pytest.raises(MissingParam) as info:
            reject_unknown_args(args, known)
        assert info.value.param == unknown[0]
        assert list(info.value.unknown) == unknown
    else:
        reject_unknown_args(args, known)
    assert args == before


@given(st.dictionaries(st.text(), json_values, max_size=5), st.lists(st.text(), max_size=4))
def test_property_with_unknown_args(payload: dict[str, Any], unknown: list[str]) -> None:
    before = copy.deepcopy(payload)
    result = with_unknown_args(payload, unknown)
    assert result is payload
    if unknown:
        assert result == {**before, "unknown_args": unknown}
    else:
        assert result == before


def test_sdk_enforcement_makes_a_plain_value_two_blocks() -> None:
    """SDK FastMCP before 1.10 hands enforcement the tool function's own value and turns
    a list into content item by item: the value, then the unknown_args block."""
    from toolargs.runtime.sdk import _Sdk, _with_unknown_args_block

    def text_content(**fields: Any) -> dict[str, Any]:
        return dict(fields)

    sdk = _Sdk(RuntimeError, text_content, type(None))
    assert _with_unknown_args_block(sdk, "limit=None", ["bogus"], None) == [
        "limit=None",
        {"type": "text", "text": '{"unknown_args": ["bogus"]}'},
    ]
    assert _with_unknown_args_block(sdk, 3, ["bogus"], None)[0] == 3
