"""Statement-level helpers shared by discovery: bodies, nodes and exits."""

from __future__ import annotations

from typing import Iterator, Sequence

import libcst as cst

from toolargs.discovery.walk import walk


def statements_of(block: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    if isinstance(block, cst.IndentedBlock):
        return block.body
    return (
        [cst.SimpleStatementLine(body=block.body)]
        if isinstance(block, cst.SimpleStatementSuite)
        else []
    )


def all_nodes(statements: Sequence[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    for statement in statements:
        yield from walk(statement, into_scopes=False)


def names_in(expr: cst.CSTNode) -> set[str]:
    return {n.value for n in all_nodes([expr]) if isinstance(n, cst.Name)}


def exits(block: cst.BaseSuite) -> bool:
    """A block that only raises or returns."""
    statements = statements_of(block)
    if len(statements) != 1 or not isinstance(statements[0], cst.SimpleStatementLine):
        return False
    return all(isinstance(small, (cst.Raise, cst.Return)) for small in statements[0].body)
