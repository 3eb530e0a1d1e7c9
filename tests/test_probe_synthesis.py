"""Minimal valid arguments from listed input schemas (toolargs.probe.synthesis); no SDK."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from toolargs.probe.synthesis import (
    UNKNOWN_KEY,
    Unsynthesisable,
    synthesise_arguments,
    unknown_key_for,
)

# Input schemas as servers list them: SDK FastMCP/pydantic output, hand-written low-level
# schemas, and the generated shapes (`$defs`, `anyOf` with null, `allOf`) in between.
SCHEMAS: dict[str, dict[str, Any]] = {
    "fastmcp search": {
        "type": "object",
        "title": "searchArguments",
        "properties": {
            "query": {"title": "Query", "type": "string"},
            "max_results": {"default": 20, "title": "Max Results", "type": "integer"},
        },
        "required": ["query"],
    },
    "pydantic model with $defs": {
        "$defs": {
            "Range": {
                "type": "object",
                "properties": {
                    "start": {"type": "integer", "minimum": 1},
                    "end": {"type": "integer", "exclusiveMinimum": 1},
                },
                "required": ["start", "end"],
            },
            "Kind": {"enum": ["function", "class"], "type": "string"},
        },
        "type": "object",
        "properties": {
            "path": {"type": "string", "minLength": 8},
            "range": {"$ref": "#/$defs/Range"},
            "kind": {"$ref": "#/$defs/Kind"},
            "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
        "required": ["path", "range", "kind"],
    },
    "optional list and nullable": {
        "type": "object",
        "properties": {
            "paths": {"type": "array", "items": {"type": "string"}, "minItems": 2},
            "since": {"type": ["string", "null"], "format": "date-time"},
            "dry_run": {"type": "boolean"},
            "ratio": {"type": "number", "maximum": 0.5},
        },
        "required": ["paths", "since", "dry_run", "ratio"],
    },
    "allOf": {
        "allOf": [
            {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
            {"properties": {"b": {"const": 7}}, "required": ["b"]},
        ]
    },
    "no properties": {"type": "object"},
}


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_synthesised_arguments_are_valid(name: str) -> None:
    schema = SCHEMAS[name]
    jsonschema.validate(synthesise_arguments(schema), schema)


def test_required_only_with_the_documented_values() -> None:
    schema = {
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "kind": {"enum": ["beta", "alpha"]},
            "depth": {"type": "integer", "minimum": 3},
            "count": {"type": "integer"},
            "flag": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "opts": {
                "type": "object",
                "properties": {"strict": {"type": "boolean"}, "x": {"type": "string"}},
                "required": ["strict"],
            },
            "optional": {"type": "string"},
        },
        "required": ["query", "kind", "depth", "count", "flag", "tags", "opts"],
    }
    assert synthesise_arguments(schema) == {
        "query": "probe",
        "kind": "beta",
        "depth": 3,
        "count": 1,
        "flag": False,
        "tags": [],
        "opts": {"strict": False},
    }


def test_references_and_combinators() -> None:
    args = synthesise_arguments(SCHEMAS["pydantic model with $defs"])
    assert args == {"path": "probeeee", "range": {"start": 1, "end": 2}, "kind": "function"}
    assert synthesise_arguments(SCHEMAS["allOf"]) == {"a": "probe", "b": 7}


@pytest.mark.parametrize(
    "schema, reason",
    [
        ({"properties": {"choice": {"enum": []}}, "required": ["choice"]}, "enum lists no value"),
        (
            {"properties": {"x": {"$ref": "#/$defs/Missing"}}, "required": ["x"]},
            "leads nowhere",
        ),
        (
            {"properties": {"x": {"$ref": "other.json#/X"}}, "required": ["x"]},
            "not a local reference",
        ),
        (
            {
                "$defs": {"Node": {"properties": {"next": {"$ref": "#/$defs/Node"}},
                                   "required": ["next"]}},
                "properties": {"root": {"$ref": "#/$defs/Node"}},
                "required": ["root"],
            },
            "nested too deeply",
        ),
        ({"properties": {"n": {"type": "integer", "minimum": 0.5, "maximum": 0.7}},
          "required": ["n"]}, "no integer"),
    ],
)
def test_unsynthesisable_says_why(schema: dict[str, Any], reason: str) -> None:
    with pytest.raises(Unsynthesisable, match=reason):
        synthesise_arguments(schema)


def test_non_object_schema_gives_no_arguments() -> None:
    assert synthesise_arguments(None) == {}
    assert synthesise_arguments({"type": "object", "required": "query"}) == {}


def test_unknown_key_is_never_a_defined_key_nor_an_alias() -> None:
    assert unknown_key_for({"properties": {"q": {}}}) == UNKNOWN_KEY
    assert not UNKNOWN_KEY.startswith("_")  # `_` keys are metadata, never reported
    taken = {"properties": {UNKNOWN_KEY: {}, f"{UNKNOWN_KEY}_2": {}}}
    assert unknown_key_for(taken) == f"{UNKNOWN_KEY}_3"
    assert unknown_key_for({}, avoid=(UNKNOWN_KEY,)) == f"{UNKNOWN_KEY}_2"


def test_given_values_replace_synthesised_ones_for_defined_properties() -> None:
    schema = {
        "type": "object",
        "properties": {
            "repo_path": {"type": "string"},
            "max_count": {"type": "integer"},
            "timezone": {"type": "string"},
        },
        "required": ["repo_path"],
    }
    given = {"repo_path": "/tmp/repo", "timezone": "UTC", "elsewhere": 1}
    # Given values are used, required or not; names the schema lacks are left out.
    assert synthesise_arguments(schema, given) == {"repo_path": "/tmp/repo", "timezone": "UTC"}


def test_a_given_value_rescues_an_unsynthesisable_property() -> None:
    schema = {"properties": {"choice": {"enum": []}}, "required": ["choice"]}
    assert synthesise_arguments(schema, {"choice": "x"}) == {"choice": "x"}
