"""KNOWN_ARGS: keeping a key list in step with the schema, or writing a new one.

The policy's key list is the schema's top-level properties in schema order, with the
aliases of the limit field right after that field. A list already in the code keeps its
kind (tuple, list, set, `frozenset(...)`), its order, its quotes and its layout: only the
keys that are wrong change.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.literals import dotted_name, positional, string_value
from toolargs.fixer.layout import quote_of, rebuild, string_literal
from toolargs.model import Tool

KEY_LIST_CODES = ("TAV301", "TAV302", "TAV303", "TAV304", "TAV305")


def limit_field(properties: Sequence[str], config: Config) -> str | None:
    return next((f for f in config.limit_fields if f in properties), None)


def expected_keys(properties: Sequence[str], config: Config) -> list[str]:
    """Schema properties in order, each once, the aliases right after the limit field."""
    field = limit_field(properties, config)
    aliases = [a for a in config.aliases if a not in properties]
    keys: list[str] = []
    for key in dict.fromkeys(properties):
        keys.append(key)
        if key == field:
            keys.extend(aliases)
    return keys


def corrected_keys(
    keys: Sequence[str], properties: Sequence[str], config: Config, codes: set[str]
) -> list[str]:
    """`keys` with the problems named by `codes` (and only those) put right."""
    field = limit_field(properties, config)
    aliases = [a for a in config.aliases if a not in properties]
    result = list(keys)
    if "TAV305" in codes:
        result = list(dict.fromkeys(result))
    if "TAV302" in codes:
        result = [k for k in result if k in properties or k in aliases]
    if "TAV304" in codes and field is None:
        result = [k for k in result if k not in aliases]
    wanted = expected_keys(properties, config)
    missing: set[str] = set()
    if "TAV301" in codes:
        missing |= {p for p in properties if p not in result}
    if "TAV303" in codes and field is not None:
        missing |= {a for a in aliases if a not in result}
    for key in wanted:
        if key not in missing:
            continue
        # Right after the nearest key that precedes it in schema order, else first.
        earlier = wanted[: wanted.index(key)]
        anchor = max((result.index(k) for k in earlier if k in result), default=-1)
        result.insert(anchor + 1, key)
    return result


@dataclass
class KeyList:
    """The literal behind a KNOWN_ARGS: its element container and how it is written."""

    node: cst.BaseExpression  # what the model points at (the Call for `frozenset(...)`)
    container: cst.Tuple | cst.List | cst.Set | None  # None: an empty `frozenset()`
    kind: str


def key_list(node: cst.CSTNode | None) -> KeyList | None:
    if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
        return KeyList(node, node, type(node).__name__.lower())
    if isinstance(node, cst.Call):
        kind = dotted_name(node.func)
        if kind not in ("frozenset", "set", "tuple", "list"):
            return None
        inner = positional(node, 0)
        if inner is None and not node.args:
            return KeyList(node, None, kind)
        if isinstance(inner, (cst.Tuple, cst.List, cst.Set)) and len(node.args) == 1:
            return KeyList(node, inner, kind)
    return None


def rewrite_key_list(found: KeyList, keys: Sequence[str]) -> cst.BaseExpression:
    """`found.node` holding exactly `keys`, written the way it already was."""
    container = found.container
    if container is None:  # frozenset() / set() with nothing in it yet
        if not keys:
            return found.node
        quote = '"'
        literal = cst.Set(rebuild([], list(keys), None, None, _element(quote))[0])
        assert isinstance(found.node, cst.Call)
        return found.node.with_changes(args=[cst.Arg(literal)])
    old = list(container.elements)
    quote = quote_of([e.value for e in old])
    first: dict[str, cst.BaseElement] = {}
    for element in old:
        key = string_value(element.value)
        if key is not None:
            first.setdefault(key, element)
    new: list[cst.BaseElement | str] = [first.get(k, k) for k in keys]
    if isinstance(container, cst.Set) and not keys:
        # `{}` would be a dict: an empty set is written as a call.
        return cst.Call(cst.Name("frozenset" if found.kind == "frozenset" else "set"))
    opening: cst.LeftParen | cst.LeftSquareBracket | cst.LeftCurlyBrace | None
    closing: cst.BaseParenthesizableWhitespace | None
    if isinstance(container, cst.Tuple):
        opening = container.lpar[0] if container.lpar else None
        closing = container.rpar[-1].whitespace_before if container.rpar else None
    elif isinstance(container, cst.List):
        opening, closing = container.lbracket, container.rbracket.whitespace_before
    else:
        opening, closing = container.lbrace, container.rbrace.whitespace_before
    elements, closing = rebuild(
        old,
        new,
        opening,
        closing,
        _element(quote),
        single_needs_comma=isinstance(container, cst.Tuple),
    )
    rewritten = _closed(container.with_changes(elements=elements), closing)
    if isinstance(rewritten, cst.Tuple) and not rewritten.lpar and len(elements) != 1:
        rewritten = rewritten.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    if found.container is found.node:
        return rewritten
    assert isinstance(found.node, cst.Call)
    arg = found.node.args[0].with_changes(value=rewritten)
    return found.node.with_changes(args=[arg])


def _closed(
    container: cst.Tuple | cst.List | cst.Set, closing: cst.BaseParenthesizableWhitespace | None
) -> cst.Tuple | cst.List | cst.Set:
    """The container with `closing` before its closing bracket."""
    if closing is None:
        return container
    if isinstance(container, cst.Tuple):
        if not container.rpar:
            return container
        last = container.rpar[-1].with_changes(whitespace_before=closing)
        return container.with_changes(rpar=[*container.rpar[:-1], last])
    if isinstance(container, cst.List):
        return container.with_changes(
            rbracket=container.rbracket.with_changes(whitespace_before=closing)
        )
    return container.with_changes(rbrace=container.rbrace.with_changes(whitespace_before=closing))


def _element(quote: str) -> Callable[[str], cst.BaseElement]:
    return lambda key: cst.Element(string_literal(key, quote))


def constant_name(tool: Tool, taken: set[str], alone: bool) -> str:
    """`KNOWN_ARGS` for the one tool of a module, else `<TOOL>_KNOWN_ARGS`."""
    if alone and "KNOWN_ARGS" not in taken:
        return "KNOWN_ARGS"
    stem = re.sub(r"\W+", "_", tool.name).strip("_").upper() or "TOOL"
    if stem[0].isdigit():
        stem = f"TOOL_{stem}"
    name = f"{stem}_KNOWN_ARGS"
    number = 2
    while name in taken:
        name = f"{stem}_KNOWN_ARGS_{number}"
        number += 1
    return name


def constant_statement(
    name: str, keys: Sequence[str], quote: str, module: cst.Module, line_length: int
) -> cst.SimpleStatementLine:
    """`NAME = ("a", "b")`, one key per line when one line would be too long."""
    items = [string_literal(k, quote) for k in keys]
    texts = [cst.Module([]).code_for_node(item) for item in items]
    if len(texts) == 1:
        literal = f"({texts[0]},)"
    else:
        literal = f"({', '.join(texts)})"
    code = f"{name} = {literal}"
    if len(code) > line_length:
        indent = module.default_indent
        inner = "".join(f"{indent}{text},\n" for text in texts)
        code = f"{name} = (\n{inner})"
    statement = cst.parse_statement(code + "\n", config=module.config_for_parsing)
    assert isinstance(statement, cst.SimpleStatementLine)
    return statement


def literal_keys(value: cst.BaseExpression | None) -> tuple[str, ...] | None:
    """The keys of a constant's literal, to reuse a KNOWN_ARGS already written."""
    found = key_list(value)
    if found is None:
        return None
    if found.container is None:
        return ()
    keys = [string_value(e.value) for e in found.container.elements]
    if any(k is None for k in keys):
        return None
    return tuple(k for k in keys if k is not None)


def same_keys(a: Sequence[str], b: Sequence[str]) -> bool:
    return Counter(a) == Counter(b)
