"""A fast, iterative walk over libcst nodes.

libcst's own visitor rebuilds every node it passes and costs about 60% of a parse; this
walk reads dataclass fields directly (about 5%) and never recurses, so deeply nested input
cannot exhaust Python's stack.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator

import libcst as cst

# Fields that hold only whitespace, commas and brackets: never anything we look for.
_SKIPPED_PREFIXES = (
    "whitespace",
    "leading_lines",
    "lines_after",
    "lpar",
    "rpar",
    "lbrace",
    "rbrace",
    "lbracket",
    "rbracket",
    "comma",
    "semicolon",
    "header",
    "footer",
    "newline",
    "colon",
    "equal",
    "star",
    "operator",
    "trailing_whitespace",
    "dot",
)
# Fields typed as plain values (`Name.value: str`) never hold a node: leaves get ().
_VALUE_TYPES: tuple[object, ...] = (str, int, bool)
_FIELDS: dict[type[cst.CSTNode], tuple[str, ...]] = {}
# isinstance against libcst's ABC-based classes is slow; a per-type answer is not.
_IS_NODE: dict[type, bool] = {}


def _fields(node: cst.CSTNode) -> tuple[str, ...]:
    kind = type(node)
    names = _FIELDS.get(kind)
    if names is None:
        names = tuple(
            f.name
            for f in dataclasses.fields(node)
            if (not f.name.startswith(_SKIPPED_PREFIXES) or f.name == "star_arg")
            and f.type not in _VALUE_TYPES
        )
        _FIELDS[kind] = names
    return names


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The meaningful child nodes of `node`, in source order.

    The hot loop of every walk: no generator, no intermediate tuples.
    """
    found: list[cst.CSTNode] = []
    for name in _fields(node):
        value = getattr(node, name)
        kind = type(value)
        if kind is tuple or kind is list:
            for item in value:
                if _is_node(type(item)):
                    found.append(item)
        elif _is_node(kind):
            found.append(value)
    return found


def push_children(stack: list[cst.CSTNode], node: cst.CSTNode) -> None:
    """Push the children of `node` so that popping yields them in source order."""
    found = children(node)
    found.reverse()
    stack.extend(found)


def _is_node(kind: type) -> bool:
    answer = _IS_NODE.get(kind)
    if answer is None:
        answer = _IS_NODE[kind] = issubclass(kind, cst.CSTNode)
    return answer


_SCOPES = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})


def walk(node: cst.CSTNode, *, into_scopes: bool = True) -> Iterator[cst.CSTNode]:
    """Every node under `node` (itself included), in source order.

    With `into_scopes=False`, nested functions, classes and lambdas are yielded but not
    entered: what they contain runs later, not where they are defined.
    """
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        yield current
        if not into_scopes and current is not node and type(current) in _SCOPES:
            continue
        push_children(stack, current)
