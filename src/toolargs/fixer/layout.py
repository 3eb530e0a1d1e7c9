"""Rebuilding comma-separated sequences (key lists, import names) in their own layout.

A one-line `("a", "b")` stays on one line; a list written one key per line with a
trailing comma stays that way. Kept elements keep their own commas (and the comments
after them); new elements borrow the separator the sequence already uses.
"""

from __future__ import annotations

from typing import Callable, Sequence, Union

import libcst as cst

Item = cst.BaseElement
Whitespace = cst.BaseParenthesizableWhitespace
Opening = Union[cst.LeftParen, cst.LeftSquareBracket, cst.LeftCurlyBrace, None]


def rebuild(
    old: Sequence[Item],
    new: Sequence[Item | str],
    opening: Opening,
    closing: Whitespace | None,
    make: Callable[[str], Item],
    *,
    single_needs_comma: bool = False,
) -> tuple[list[Item], Whitespace | None]:
    """The elements of `new` (old elements kept as they are, strings made with `make`).

    `opening` is the bracket before the first element: its whitespace tells a multi-line
    layout. `closing` is the whitespace before the closing bracket, where the comment of
    the last element lives; it is returned changed when the last element changes.
    A comment stays with its element wherever the element goes.
    `single_needs_comma`: a one-element tuple must keep its comma.
    """
    separator = _separator(old, opening)
    trailer: cst.Comma | cst.MaybeSentinel = (
        old[-1].comma if old else cst.MaybeSentinel.DEFAULT
    )
    one_line = not isinstance(_opening_whitespace(opening), cst.ParenthesizedWhitespace)
    if len(old) == 1 and single_needs_comma and one_line:
        # `("a",)`: that comma is grammar, not a trailing-comma style.
        trailer = cst.MaybeSentinel.DEFAULT
    line_ends = {id(item): _line_end(item, item is old[-1], closing) for item in old}
    separators = {id(item) for item in old[:-1]}
    result: list[Item] = []
    for position, entry in enumerate(new):
        item = make(entry) if isinstance(entry, str) else entry
        line_end = line_ends.get(id(entry)) or cst.TrailingWhitespace()
        comma: cst.Comma | cst.MaybeSentinel
        if position == len(new) - 1:
            comma = trailer
            if single_needs_comma and len(new) == 1 and not isinstance(comma, cst.Comma):
                comma = cst.Comma()
            if isinstance(comma, cst.Comma) and _breaks(comma.whitespace_after):
                comma = _ending(comma, line_end)
            elif isinstance(closing, cst.ParenthesizedWhitespace):
                closing = closing.with_changes(first_line=line_end)
        elif not isinstance(entry, str) and id(entry) in separators:
            comma = entry.comma
        else:
            comma = _ending(separator, line_end)
        result.append(item.with_changes(comma=comma))
    return result, closing


def _breaks(whitespace: cst.BaseParenthesizableWhitespace) -> bool:
    return isinstance(whitespace, cst.ParenthesizedWhitespace)


def _ending(comma: cst.Comma, line_end: cst.TrailingWhitespace) -> cst.Comma:
    """The comma with `line_end` (spaces and comment) at the end of its line."""
    after = comma.whitespace_after
    if isinstance(after, cst.ParenthesizedWhitespace):
        return comma.with_changes(whitespace_after=after.with_changes(first_line=line_end))
    return comma


def _line_end(
    item: Item, last: bool, closing: Whitespace | None
) -> cst.TrailingWhitespace | None:
    """What ends the line of an element: after its comma, or before the closing bracket."""
    comma = item.comma
    if isinstance(comma, cst.Comma):
        after = comma.whitespace_after
        if isinstance(after, cst.ParenthesizedWhitespace):
            return after.first_line
    if last and isinstance(closing, cst.ParenthesizedWhitespace):
        return closing.first_line
    return None


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
