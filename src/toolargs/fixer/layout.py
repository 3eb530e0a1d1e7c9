"""Rebuilding comma-separated sequences (key lists, import names) in their own layout.

A one-line `("a", "b")` stays on one line; a list written one key per line with a
trailing comma stays that way. Kept elements keep their own commas (and the comments
after them); new elements borrow the separator the sequence already uses.
"""

from __future__ import annotations

from typing import Callable, Sequence, Union

import libcst as cst

Item = cst.BaseElement
Opening = Union[cst.LeftParen, cst.LeftSquareBracket, cst.LeftCurlyBrace, None]


def rebuild(
    old: Sequence[Item],
    new: Sequence[Item | str],
    opening: Opening,
    make: Callable[[str], Item],
    *,
    single_needs_comma: bool = False,
) -> list[Item]:
    """The elements of `new` (old elements kept as they are, strings made with `make`).

    `opening` is the bracket before the first element: its whitespace tells a multi-line
    layout. `single_needs_comma`: a one-element tuple must keep its comma.
    """
    separator = _separator(old, opening)
    trailer: cst.Comma | cst.MaybeSentinel = (
        old[-1].comma if old else cst.MaybeSentinel.DEFAULT
    )
    one_line = not isinstance(_opening_whitespace(opening), cst.ParenthesizedWhitespace)
    if len(old) == 1 and single_needs_comma and one_line:
        # `("a",)`: that comma is grammar, not a trailing-comma style.
        trailer = cst.MaybeSentinel.DEFAULT
    separators = {id(item) for item in old[:-1]}
    result: list[Item] = []
    for position, entry in enumerate(new):
        item = make(entry) if isinstance(entry, str) else entry
        last = position == len(new) - 1
        if last:
            comma = trailer
            if single_needs_comma and len(new) == 1 and not isinstance(comma, cst.Comma):
                comma = cst.Comma()
        elif not isinstance(entry, str) and id(entry) in separators:
            comma = entry.comma
        else:
            comma = separator
        result.append(item.with_changes(comma=comma))
    return result


def _opening_whitespace(opening: Opening) -> cst.BaseParenthesizableWhitespace | None:
    return opening.whitespace_after if opening is not None else None


def _separator(old: Sequence[Item], opening: Opening) -> cst.Comma:
    """The comma (and line break) that separates elements in this sequence."""
    for item in old[:-1]:
        comma = item.comma
        if isinstance(comma, cst.Comma):
            return _without_comment(comma)
    whitespace = _opening_whitespace(opening)
    if isinstance(whitespace, cst.ParenthesizedWhitespace):
        return cst.Comma(whitespace_after=_drop_comment(whitespace))
    return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


def _without_comment(comma: cst.Comma) -> cst.Comma:
    after = comma.whitespace_after
    if isinstance(after, cst.ParenthesizedWhitespace):
        return comma.with_changes(whitespace_after=_drop_comment(after))
    return comma


def _drop_comment(whitespace: cst.ParenthesizedWhitespace) -> cst.ParenthesizedWhitespace:
    """A comment belongs to the element it follows, never to a new one."""
    first = whitespace.first_line.with_changes(
        comment=None, whitespace=cst.SimpleWhitespace("")
    )
    return whitespace.with_changes(first_line=first, empty_lines=())


def string_literal(value: str, quote: str) -> cst.SimpleString:
    """A string literal in the quote style of its neighbours."""
    if quote not in ('"', "'") or quote in value or "\\" in value or "\n" in value:
        return cst.SimpleString(repr(value))
    return cst.SimpleString(f"{quote}{value}{quote}")


def quote_of(strings: Sequence[cst.BaseExpression], default: str = '"') -> str:
    """The quote character the first plain string literal uses."""
    for node in strings:
        if isinstance(node, cst.SimpleString):
            quote = node.quote
            if quote in ('"', "'"):
                return quote
    return default
