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


def laid_out(call: cst.BaseExpression, room: Room) -> cst.BaseExpression:
    """`call` (or a bracketed literal), split over lines the way black would when it does
    not fit on one. A literal already written over several lines keeps its layout."""
    code = code_of(call)
    if not isinstance(call, cst.Call) and "\n" in code:
        return call
    if "\n" not in code and len(room.head) + len(code) + len(room.tail) <= room.limit:
        return call
    if _has_multiline_string(call):
        return call  # moving a multi-line string's lines would change its value
    # Lines are built relative to the statement's indentation, which libcst adds back.
    own = len(room.line_indent) - len(room.extra)
    head, limit = room.head[own:], room.limit - own
    lines = _render(call, head, room.tail, room.extra, room.indent, limit, ours=True)
    lines[0] = lines[0][len(head):]
    if room.tail:
        lines[-1] = lines[-1][: -len(room.tail)]
    new = cst.parse_expression("\n".join(lines))
    return new if isinstance(call, cst.Tuple) else parenthesized_like(new, call)


_Item = tuple[str, cst.BaseExpression]  # what precedes a value (`key=`, `*`), the value


def _render(
    node: cst.BaseExpression,
    head: str,
    tail: str,
    level: str,
    unit: str,
    limit: int,
    *,
    ours: bool = False,
) -> list[str]:
    """The lines of `head + node + tail` as black writes them: whole on one line; else
    split at `node`'s brackets, the contents on one line of their own; else one element
    per line, each in turn written the same way. A trailing comma the code already has
    keeps its brackets split (black's magic trailing comma). Code over several lines
    with comments inside keeps its layout, moved in by one indent; `ours` is the new
    call, always laid out here."""
    code = code_of(node)
    if "\n" in code and not ours and _keeps_layout(node):
        first, *rest = code.split("\n")
        lines = [head + first, *((unit + line) if line.strip() else line for line in rest)]
        lines[-1] += tail
        return lines
    flat = code if "\n" not in code else _flat(node)
    if not _has_magic_comma(node) and len(head) + len(flat) + len(tail) <= limit:
        return [head + flat + tail]
    if isinstance(node, cst.Await) and not node.lpar:
        return _render(node.expression, head + "await ", tail, level, unit, limit)
    parts = _comprehension(node)
    if parts is not None:  # black splits a comprehension before each `for` and `if`
        opening, clauses, closing = parts
        inner = level + unit
        body = " ".join(clauses)
        if len(inner) + len(body) <= limit:
            return [head + opening, inner + body, level + closing + tail]
        return [head + opening, *(inner + c for c in clauses), level + closing + tail]
    brackets = _brackets(node)
    if brackets is None or not brackets[1]:
        return [head + flat + tail]
    opening, items, closing, magic = brackets
    inner = level + unit
    texts = [prefix + _flat(value) for prefix, value in items]
    body = ", ".join(texts)
    fits = len(inner) + len(body) <= limit and len(level) + len(closing) + len(tail) <= limit
    # black never keeps the elements of a split literal with several on one line.
    literal = not isinstance(node, cst.Call) and len(items) > 1
    if fits and not magic and not literal and not any(_has_magic_comma(v) for _, v in items):
        return [head + opening, inner + body, level + closing + tail]
    lines = [head + opening]
    # black adds the trailing comma only when it splits at commas: not for one element.
    comma = "," if _trailing_comma_allowed(node) and (len(items) > 1 or magic) else ""
    for prefix, value in items:
        lines += _render(value, inner + prefix, comma, inner, unit, limit)
    lines.append(level + closing + tail)
    return lines


def _keeps_layout(node: cst.CSTNode) -> bool:
    """Code black would not join either: with comments inside."""
    return any(
        isinstance(n, (cst.TrailingWhitespace, cst.EmptyLine)) and n.comment is not None
        for n in walk(node)
    )


def _has_magic_comma(node: cst.CSTNode) -> bool:
    return any(_brackets_with_trailing_comma(n) for n in walk(node))


def _brackets_with_trailing_comma(node: cst.CSTNode) -> bool:
    if isinstance(node, cst.Call):
        return bool(node.args) and isinstance(node.args[-1].comma, cst.Comma)
    if isinstance(node, (cst.List, cst.Set, cst.Dict)) or (
        isinstance(node, cst.Tuple) and len(node.elements) > 1
    ):
        return bool(node.elements) and isinstance(node.elements[-1].comma, cst.Comma)
    return False


class _Flatten(cst.CSTTransformer):
    """Code over several lines on one: line breaks go, a comma or operator keeps a space."""

    def leave_ParenthesizedWhitespace(
        self, original_node: cst.ParenthesizedWhitespace, updated_node: cst.ParenthesizedWhitespace
    ) -> cst.BaseParenthesizableWhitespace:
        return cst.SimpleWhitespace("")

    def on_leave(  # type: ignore[override]
        self, original_node: cst.CSTNode, updated_node: cst.CSTNode
    ) -> cst.CSTNode:
        node = super().on_leave(original_node, updated_node)
        spaced = isinstance(
            original_node, (cst.Comma, cst.BaseBinaryOp, cst.BaseBooleanOp, cst.BaseCompOp)
        )
        if not spaced or not isinstance(node, cst.CSTNode):
            return node  # type: ignore[return-value]
        changes = {}
        for side in ("whitespace_before", "whitespace_after"):
            if isinstance(getattr(original_node, side, None), cst.ParenthesizedWhitespace):
                keep = side == "whitespace_after" or not isinstance(original_node, cst.Comma)
                changes[side] = cst.SimpleWhitespace(" " if keep else "")
        return node.with_changes(**changes) if changes else node


def _flat(node: cst.CSTNode) -> str:
    code = code_of(node)
    if "\n" not in code:
        return code
    flat = node.visit(_Flatten())
    assert isinstance(flat, cst.CSTNode)
    return code_of(flat)


def _brackets(node: cst.BaseExpression) -> tuple[str, list[_Item], str, bool] | None:
    """The opening text, elements and closing bracket of a bracketed `node`, and whether
    it ends with a trailing comma."""
    if isinstance(node, cst.Tuple) and len(node.lpar) == 1 and len(node.elements) > 1:
        bare = node.with_changes(lpar=[], rpar=[])
        magic = isinstance(node.elements[-1].comma, cst.Comma)
        return "(", [_element(e) for e in bare.elements], ")", magic
    if node.lpar:
        return None
    magic = _brackets_with_trailing_comma(node)
    if isinstance(node, cst.Call):
        if "\n" in code_of(node.func):
            return None
        args = [
            (a.star + (f"{a.keyword.value}=" if a.keyword is not None else ""), a.value)
            for a in node.args
        ]
        return code_of(node.func) + "(", args, ")", magic
    if isinstance(node, (cst.List, cst.Set, cst.Tuple)):
        if isinstance(node, cst.Tuple):
            return None  # a bare tuple has no brackets of its own
        opening, closing = ("[", "]") if isinstance(node, cst.List) else ("{", "}")
        return opening, [_element(e) for e in node.elements], closing, magic
    if isinstance(node, cst.Dict):
        items: list[_Item] = []
        for element in node.elements:
            if isinstance(element, cst.DictElement):
                items.append((code_of(element.key) + ": ", element.value))
            else:
                items.append(("**", element.value))
        return "{", items, "}", magic
    return None


def _comprehension(node: cst.BaseExpression) -> tuple[str, list[str], str] | None:
    """The brackets and clauses of a comprehension: the element, each `for`, each `if`.

    A call whose one argument is a bare generator has the call's brackets."""
    comp: cst.BaseExpression = node
    if isinstance(node, cst.Call) and len(node.args) == 1 and not node.lpar:
        value = node.args[0].value
        if isinstance(value, cst.GeneratorExp) and not value.lpar and "\n" not in code_of(
            node.func
        ):
            opening, closing, comp = code_of(node.func) + "(", ")", value
        else:
            return None
    elif isinstance(node, cst.ListComp) and not node.lpar:
        opening, closing = "[", "]"
    elif isinstance(node, cst.SetComp) and not node.lpar:
        opening, closing = "{", "}"
    elif isinstance(node, cst.GeneratorExp) and len(node.lpar) == 1:
        opening, closing, comp = "(", ")", node.with_changes(lpar=[], rpar=[])
    else:
        return None
    assert isinstance(comp, (cst.GeneratorExp, cst.ListComp, cst.SetComp))
    clauses = [_flat(comp.elt)]
    step: cst.CompFor | None = comp.for_in
    while step is not None:
        prefix = "async " if step.asynchronous is not None else ""
        clauses.append(f"{prefix}for {_flat(step.target)} in {_flat(step.iter)}")
        clauses += [f"if {_flat(condition.test)}" for condition in step.ifs]
        step = step.inner_for_in
    return opening, clauses, closing


def _element(element: cst.BaseElement) -> _Item:
    return ("*" if isinstance(element, cst.StarredElement) else "", element.value)


def _trailing_comma_allowed(node: cst.BaseExpression) -> bool:
    """Not after an unparenthesized generator, the one argument of a call."""
    return not (
        isinstance(node, cst.Call)
        and len(node.args) == 1
        and isinstance(node.args[0].value, cst.GeneratorExp)
        and not node.args[0].value.lpar
    )


def parenthesized_like(
    node: cst.BaseExpression, original: cst.BaseExpression
) -> cst.BaseExpression:
    return node.with_changes(lpar=original.lpar, rpar=original.rpar)


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
