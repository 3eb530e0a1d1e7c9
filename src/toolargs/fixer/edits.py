"""Edits keyed by node identity, applied to a module in one transformer pass.

Planners never build a new tree: they say "replace this node", "remove this statement",
"insert these statements before/after that one, or at the top of that block". One pass
then rebuilds only what changed, so every other byte of the file is kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence, Union

import libcst as cst

from toolargs.discovery.literals import is_docstring

Replacement = Callable[[cst.CSTNode], cst.CSTNode]
Block = Union[cst.Module, cst.IndentedBlock]


class Conflict(Exception):
    """Two fixes want to change the same node differently."""


@dataclass
class Edits:
    replace: dict[int, Replacement] = field(default_factory=dict)
    remove: set[int] = field(default_factory=set)
    before: dict[int, list[cst.BaseStatement]] = field(default_factory=dict)
    after: dict[int, list[cst.BaseStatement]] = field(default_factory=dict)
    top: dict[int, list[cst.BaseStatement]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.replace or self.remove or self.before or self.after or self.top)

    def replace_node(self, node: cst.CSTNode, replacement: Replacement) -> None:
        if id(node) in self.replace or id(node) in self.remove:
            raise Conflict(f"`{type(node).__name__}` is already being rewritten")
        self.replace[id(node)] = replacement

    def remove_statement(self, statement: cst.BaseStatement) -> None:
        if id(statement) in self.replace:
            raise Conflict("that statement is already being rewritten")
        self.remove.add(id(statement))

    def insert_before(self, anchor: cst.BaseStatement, *statements: cst.BaseStatement) -> None:
        self.before.setdefault(id(anchor), []).extend(statements)

    def insert_after(self, anchor: cst.BaseStatement, *statements: cst.BaseStatement) -> None:
        self.after.setdefault(id(anchor), []).extend(statements)

    def insert_at_top(self, block: Block, *statements: cst.BaseStatement) -> None:
        """After the block's docstring, if it has one."""
        self.top.setdefault(id(block), []).extend(statements)

    def merge(self, other: Edits) -> None:
        """Take every edit of `other`, or none of them when they conflict with ours."""
        clash = (set(other.replace) | other.remove) & (set(self.replace) | self.remove)
        if clash:
            raise Conflict("another fix rewrites the same code")
        self.replace.update(other.replace)
        self.remove |= other.remove
        for mine, theirs in ((self.before, other.before), (self.after, other.after),
                             (self.top, other.top)):
            for key, statements in theirs.items():
                mine.setdefault(key, []).extend(statements)


def apply(module: cst.Module, edits: Edits) -> cst.Module:
    result = module.visit(_Apply(edits))
    assert isinstance(result, cst.Module)
    return result


def _is_future_import(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and any(
        isinstance(small, cst.ImportFrom)
        and isinstance(small.module, cst.Name)
        and small.module.value == "__future__"
        for small in statement.body
    )


class _Apply(cst.CSTTransformer):
    def __init__(self, edits: Edits) -> None:
        super().__init__()
        self.edits = edits

    # A fix may change a node's type (an expression becomes a call, a statement an `if`).
    def on_leave(  # type: ignore[override]
        self, original_node: cst.CSTNode, updated_node: cst.CSTNode
    ) -> cst.CSTNode:
        edits = self.edits
        node = updated_node
        if isinstance(original_node, (cst.Module, cst.IndentedBlock)):
            assert isinstance(node, (cst.Module, cst.IndentedBlock))
            node = self._block(original_node, node)
        replacement = edits.replace.get(id(original_node))
        return replacement(node) if replacement is not None else node

    def _block(self, original: Block, updated: Block) -> Block:
        edits = self.edits
        old: Sequence[cst.CSTNode] = original.body
        touched = id(original) in edits.top or any(
            id(s) in edits.remove or id(s) in edits.before or id(s) in edits.after for s in old
        )
        if not touched:
            return updated
        body: list[cst.BaseStatement] = []
        top = list(edits.top.get(id(original), []))
        skip = 0  # the docstring (and, in a module, `from __future__` imports) stay first
        while top and skip < len(old) and (
            (skip == 0 and is_docstring(old[0]))
            or (isinstance(original, cst.Module) and _is_future_import(old[skip]))
        ):
            skip += 1
        for position, (before, after) in enumerate(zip(old, updated.body)):
            if position == skip and top:
                body.extend(top)
                top = []
            assert isinstance(after, cst.BaseStatement)
            inserted = edits.before.get(id(before), [])
            if inserted:
                first, moved = _move_leading_lines(inserted[0], after, original)
                body.append(first)
                body.extend(inserted[1:])
                after = moved
            if id(before) not in edits.remove:
                body.append(after)
            body.extend(edits.after.get(id(before), []))
        body.extend(top)
        if not body and isinstance(updated, cst.IndentedBlock):
            body = [cst.SimpleStatementLine([cst.Pass()])]
        return updated.with_changes(body=body)


def _move_leading_lines(
    inserted: cst.BaseStatement, anchor: cst.BaseStatement, block: Block
) -> tuple[cst.BaseStatement, cst.BaseStatement]:
    """Blank lines above `anchor` go above what is inserted before it; comments stay.

    A module-level def or class keeps two blank lines above it.
    """
    lines = list(getattr(anchor, "leading_lines", ()))
    blank = 0
    while blank < len(lines) and lines[blank].comment is None:
        blank += 1
    rest = lines[blank:]
    if isinstance(block, cst.Module) and isinstance(anchor, (cst.FunctionDef, cst.ClassDef)):
        rest = [cst.EmptyLine(), cst.EmptyLine(), *rest]
    own = getattr(inserted, "leading_lines", ())
    first = inserted.with_changes(leading_lines=[*lines[:blank], *own])
    return first, anchor.with_changes(leading_lines=rest)
