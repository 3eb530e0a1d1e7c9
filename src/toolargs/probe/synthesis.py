"""Minimal valid arguments for a tool, synthesised from its listed input schema.

Only required properties get a value, each the smallest thing the schema accepts: the
first enum value, the minimum (or 1) for numbers, "probe" for strings, false, [] and
{} (with their own required members). A schema that names no value it would accept
(an empty enum, a reference that leads nowhere) makes the tool unsynthesisable, with
the reason, rather than a guess that would only prove the guess wrong.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

PROBE_STRING = "probe"
UNKNOWN_KEY = "probe_unknown_key"
"""The key no tool defines: not `_`-prefixed (those are metadata and never reported)."""

_MAX_DEPTH = 16
# A valid value for the string formats a schema generator writes most often.
_FORMATS = {
    "date-time": "2024-01-01T00:00:00Z",
    "date": "2024-01-01",
    "time": "00:00:00",
    "email": "probe@example.com",
    "uri": "https://example.com/probe",
    "url": "https://example.com/probe",
    "uuid": "00000000-0000-4000-8000-000000000000",
}


class Unsynthesisable(Exception):
    """The schema gives no value it would accept; the message says where and why."""


def synthesise_arguments(schema: object, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The required top-level properties of `schema`, each with a minimal valid value.

    `given` holds values the user chose (`--value NAME=JSON`): each is used for the
    top-level property of that name, required or not, when the schema defines it.
    """
    if not isinstance(schema, Mapping):
        return {}
    context = _Context(schema)
    given = {k: v for k, v in (given or {}).items() if k in _all_properties(schema, context)}
    top: Mapping[str, Any] = schema
    if "$ref" in top:
        top = context.resolve(top["$ref"], "")
    if "allOf" in top:
        top = _merged(top, context, "")
    if any(key in top for key in ("anyOf", "oneOf")):
        value = _value(top, context, "", 0)
        return {**value, **given} if isinstance(value, dict) else dict(given)
    return {**_object(top, context, "", 0, skip=tuple(given)), **given}


def _all_properties(schema: Mapping[str, Any], context: _Context) -> set[str]:
    names = set(properties_of(schema))
    for part in schema.get("allOf", ()) if isinstance(schema.get("allOf"), list) else ():
        if isinstance(part, Mapping) and "$ref" in part:
            part = context.resolve(part["$ref"], "")
        names |= set(properties_of(part))
    return names


def unknown_key_for(schema: object, avoid: Sequence[str] = ()) -> str:
    """A key the schema does not define (nor `avoid`: the limit aliases)."""
    taken = set(properties_of(schema)) | set(avoid)
    key, n = UNKNOWN_KEY, 1
    while key in taken:
        n += 1
        key = f"{UNKNOWN_KEY}_{n}"
    return key


def properties_of(schema: object) -> tuple[str, ...]:
    """The top-level property names of an input schema."""
    if not isinstance(schema, Mapping):
        return ()
    properties = schema.get("properties")
    if not isinstance(properties, Mapping):
        return ()
    return tuple(str(name) for name in properties)


class _Context:
    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = root

    def resolve(self, ref: object, where: str) -> Mapping[str, Any]:
        if not isinstance(ref, str) or not ref.startswith("#"):
            raise Unsynthesisable(f"{_at(where)}$ref {ref!r} is not a local reference")
        node: Any = self.root
        for part in ref[1:].split("/"):
            if not part:
                continue
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, Mapping) or part not in node:
                raise Unsynthesisable(f"{_at(where)}$ref {ref!r} leads nowhere")
            node = node[part]
        if not isinstance(node, Mapping):
            raise Unsynthesisable(f"{_at(where)}$ref {ref!r} is not a schema")
        return node


def _at(where: str) -> str:
    return f"property {where!r}: " if where else ""


def _value(schema: object, context: _Context, where: str, depth: int) -> Any:
    if depth > _MAX_DEPTH:
        raise Unsynthesisable(f"{_at(where)}schema nested too deeply (a recursive $ref?)")
    if schema is True or (isinstance(schema, Mapping) and not schema):
        return PROBE_STRING  # any value is valid
    if schema is False:
        raise Unsynthesisable(f"{_at(where)}the schema accepts no value")
    if not isinstance(schema, Mapping):
        raise Unsynthesisable(f"{_at(where)}schema {schema!r} is not an object")
    if "$ref" in schema:
        return _value(context.resolve(schema["$ref"], where), context, where, depth + 1)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        enum = schema["enum"]
        if not isinstance(enum, list) or not enum:
            raise Unsynthesisable(f"{_at(where)}enum lists no value")
        return enum[0]
    if "default" in schema:
        return schema["default"]
    for combinator in ("anyOf", "oneOf"):
        if combinator in schema:
            return _first_option(schema[combinator], context, where, depth, combinator)
    if "allOf" in schema:
        return _value(_merged(schema, context, where), context, where, depth + 1)
    kind = _type(schema)
    if kind == "string":
        return _string(schema)
    if kind in ("integer", "number"):
        return _number(schema, kind, where)
    if kind == "boolean":
        return False
    if kind == "null":
        return None
    if kind == "array":
        return _array(schema, context, where, depth)
    if kind == "object":
        return _object(schema, context, where, depth)
    return PROBE_STRING  # no type given: the schema constrains nothing a string breaks


def _type(schema: Mapping[str, Any]) -> str | None:
    kind = schema.get("type")
    if isinstance(kind, list):
        named = [k for k in kind if k != "null"] or kind
        kind = named[0] if named else None
    if isinstance(kind, str):
        return kind
    if "properties" in schema or "required" in schema:
        return "object"
    if "items" in schema:
        return "array"
    return None


def _first_option(
    options: object, context: _Context, where: str, depth: int, combinator: str
) -> Any:
    if not isinstance(options, list) or not options:
        raise Unsynthesisable(f"{_at(where)}{combinator} lists no schema")
    reasons = []
    for option in options:
        try:
            return _value(option, context, where, depth + 1)
        except Unsynthesisable as exc:
            reasons.append(str(exc))
    raise Unsynthesisable(reasons[0])


def _merged(schema: Mapping[str, Any], context: _Context, where: str) -> dict[str, Any]:
    """allOf folded into one schema: properties and required lists joined."""
    merged: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
    parts = schema["allOf"]
    if not isinstance(parts, list):
        raise Unsynthesisable(f"{_at(where)}allOf is not a list")
    for part in parts:
        if isinstance(part, Mapping) and "$ref" in part:
            part = context.resolve(part["$ref"], where)
        if not isinstance(part, Mapping):
            continue
        for key, value in part.items():
            if key == "properties" and isinstance(value, Mapping):
                merged["properties"] = {**merged.get("properties", {}), **value}
            elif key == "required" and isinstance(value, list):
                merged["required"] = [*merged.get("required", []), *value]
            else:
                merged.setdefault(key, value)
    return merged


def _string(schema: Mapping[str, Any]) -> str:
    text = _FORMATS.get(str(schema.get("format")), PROBE_STRING)
    minimum, maximum = schema.get("minLength"), schema.get("maxLength")
    if isinstance(maximum, int) and len(text) > maximum:
        text = text[: max(maximum, 0)]
    if isinstance(minimum, int) and len(text) < minimum:
        text += "e" * (minimum - len(text))
    return text


def _number(schema: Mapping[str, Any], kind: str, where: str) -> int | float:
    value: int | float = 1
    minimum = _numeric(schema.get("minimum"))
    exclusive = schema.get("exclusiveMinimum")
    bound = _numeric(exclusive)
    if minimum is not None:
        value = minimum
    if bound is not None:
        value = bound + 1
    elif exclusive is True and minimum is not None:  # draft 4: a boolean beside minimum
        value = minimum + 1
    maximum = _numeric(schema.get("maximum"))
    if maximum is not None and value > maximum:
        value = maximum
    if kind == "integer" and isinstance(value, float):
        if not value.is_integer():
            raise Unsynthesisable(f"{_at(where)}no integer at the bound {value}")
        value = int(value)
    return value


def _numeric(value: object) -> int | float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    return None


def _array(schema: Mapping[str, Any], context: _Context, where: str, depth: int) -> list[Any]:
    count = schema.get("minItems")
    if not isinstance(count, int) or count <= 0:
        return []
    item = _value(schema.get("items", True), context, f"{where}[]", depth + 1)
    return [item] * count


def _object(
    schema: Mapping[str, Any],
    context: _Context,
    where: str,
    depth: int,
    skip: tuple[str, ...] = (),
) -> dict[str, Any]:
    properties = schema.get("properties")
    properties = properties if isinstance(properties, Mapping) else {}
    required = schema.get("required")
    if not isinstance(required, list):
        return {}
    value: dict[str, Any] = {}
    for name in required:
        if not isinstance(name, str) or name in skip:
            continue
        path = f"{where}.{name}" if where else name
        value[name] = _value(properties.get(name, True), context, path, depth + 1)
    return value
