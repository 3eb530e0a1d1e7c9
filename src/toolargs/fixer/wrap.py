"""Laying out a call a fix writes the way black would, within the project's line length.

black tries, in order: the whole call on its line; the arguments together on one line
of their own between `f(` and `)`; one argument per line with a trailing comma (which
black then keeps). An argument that already spans lines keeps its own layout, moved in
by one indent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import libcst as cst

from toolargs.discovery.walk import walk


@dataclass(frozen=True)
class Room:
    """Where a rewritten expression sits: what precedes and follows it on its lines."""

    head: str  # the text of its first line before it
    tail: str  # the text of its last line after it (a trailing comment left out)
    extra: str  # indentation of its line beyond its statement's (inside brackets)
    indent: str  # one level of the module's indentation
    limit: int

    @property
    def line_indent(self) -> str:
        return self.head[: len(self.head) - len(self.head.lstrip())]


def code_of(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def laid_out(call: cst.Call, room: Room) -> cst.BaseExpression:
    """`call`, split over lines the way black would when it does not fit on one."""
    name = code_of(call.func)
    args = [code_of(arg.with_changes(comma=cst.MaybeSentinel.DEFAULT)) for arg in call.args]
    joined = ", ".join(args)
    one_line = f"{name}({joined})"
    single = "\n" not in one_line
    if single and len(room.head) + len(one_line) + len(room.tail) <= room.limit:
        return call
    inner = room.line_indent + room.indent
    closing = len(room.line_indent) + 1 + len(room.tail)
    if single and len(inner) + len(joined) <= room.limit and closing <= room.limit:
        text = f"{name}(\n{room.indent}{joined}\n)"
    else:
        if any(_has_multiline_string(arg.value) for arg in call.args):
            return call  # moving a multi-line string's lines would change its value
        lines = "".join(f"{room.indent}{_indented(arg, room.indent)},\n" for arg in args)
        text = f"{name}(\n{lines})"
    text = _indented(text, room.extra)
    return parenthesized_like(cst.parse_expression(text), call)


def parenthesized_like(
    node: cst.BaseExpression, original: cst.BaseExpression
) -> cst.BaseExpression:
    return node.with_changes(lpar=original.lpar, rpar=original.rpar)


def _indented(text: str, prefix: str) -> str:
    """Every line after the first moved in by `prefix` (empty lines stay empty)."""
    if not prefix:
        return text
    first, *rest = text.split("\n")
    return "\n".join([first, *((prefix + line) if line.strip() else line for line in rest)])


def _has_multiline_string(node: cst.CSTNode) -> bool:
    return any(
        isinstance(n, (cst.SimpleString, cst.FormattedString)) and "\n" in code_of(n)
        for n in walk(node)
    )


def exploded_import(module: str, names: Sequence[str], indent: str, limit: int) -> str:
    """`from m import a, b`, or black's parenthesized form when that is too long."""
    one_line = f"from {module} import {', '.join(names)}"
    if len(one_line) <= limit:
        return one_line
    inner = "".join(f"{indent}{name},\n" for name in names)
    return f"from {module} import (\n{inner})"
