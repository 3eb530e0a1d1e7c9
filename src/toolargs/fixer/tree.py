"""What fixes need to know about where a node sits: its parents and its statement.

The model points at nodes (a read, a store, a handler body); a fix often has to change
the expression or statement around them. One walk of the module maps each node to its
parent, so those questions cost a dictionary look-up.
"""

from __future__ import annotations

from typing import Iterator, Sequence

import libcst as cst

from toolargs.discovery.walk import children, walk
from toolargs.noqa import physical_lines
from toolargs.positions import positions


class Tree:
    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.parents: dict[int, cst.CSTNode] = {}
        self.top_level: dict[int, cst.BaseStatement] = {}  # any node -> its module statement
        self.nodes: list[cst.CSTNode] = []
        for statement in module.body:
            for node in walk(statement):
                self.nodes.append(node)
                self.top_level[id(node)] = statement
                for child in children(node):
                    self.parents[id(child)] = node
        self.module_names = _module_names(module)
        self.constants = _constants(module)
        self._lines: list[str] = []
        self._positions: dict[int, tuple[int, int]] = {}

    def position_of(self, node: cst.CSTNode) -> tuple[int, int]:
        """1-based (line, column) where `node` starts; (0, 0) when it is not here."""
        if not self._lines:  # one code generation for every node, on first use
            self._lines = physical_lines(self.module.code)
            self._positions = positions(self.module, self.nodes)
        return self._positions.get(id(node), (0, 0))

    def line(self, number: int) -> str:
        """Physical line `number` (1-based), without its line break."""
        if not self._lines:
            self.position_of(self.module)
        if not 0 < number <= len(self._lines):
            return ""
        return self._lines[number - 1].rstrip("\r\n")

    def indentation_of(self, node: cst.CSTNode) -> str:
        """The indentation libcst writes before `node`'s statement: its blocks' indents."""
        indent = ""
        for ancestor in self.ancestors(node):
            if isinstance(ancestor, (cst.IndentedBlock, cst.Match)):  # a match indents its cases
                own = ancestor.indent
                indent = (own if own is not None else self.module.default_indent) + indent
        return indent

    def contains(self, node: cst.CSTNode | None) -> bool:
        return node is not None and id(node) in self.top_level

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.parents.get(id(node))

    def ancestors(self, node: cst.CSTNode) -> Iterator[cst.CSTNode]:
        current = self.parents.get(id(node))
        while current is not None:
            yield current
            current = self.parents.get(id(current))

    def inside(self, node: cst.CSTNode, container: cst.CSTNode) -> bool:
        return node is container or any(a is container for a in self.ancestors(node))

    def statement_of(self, node: cst.CSTNode) -> cst.BaseStatement | None:
        """The statement (line or compound) that directly holds `node`."""
        for ancestor in [node, *self.ancestors(node)]:
            if isinstance(ancestor, cst.BaseStatement):
                return ancestor
        return None

    def only_small_statement(self, node: cst.CSTNode) -> cst.SimpleStatementLine | None:
        """The statement line of `node`'s small statement, if that is its only one."""
        line = self.statement_of(node)
        if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1:
            return line
        return None


def body_of(block: cst.CSTNode) -> cst.IndentedBlock | None:
    """The indented block of a handler: a function's body or a dispatcher branch."""
    if isinstance(block, cst.FunctionDef):
        block = block.body
    return block if isinstance(block, cst.IndentedBlock) else None


def local_nodes(statements: Sequence[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    """Every node of these statements that runs with them (not nested defs or lambdas)."""
    for statement in statements:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            continue
        yield from walk(statement, into_scopes=False)


def returns(block: cst.IndentedBlock) -> list[cst.Return]:
    return [node for node in local_nodes(block.body) if isinstance(node, cst.Return)]


def names_used(statements: Sequence[cst.CSTNode]) -> set[str]:
    return {node.value for node in local_nodes(statements) if isinstance(node, cst.Name)}


def _constants(module: cst.Module) -> dict[str, tuple[cst.SimpleStatementLine, cst.BaseExpression]]:
    """`NAME = value` statements at module level, by name."""
    found: dict[str, tuple[cst.SimpleStatementLine, cst.BaseExpression]] = {}
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            continue
        small = statement.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            target = small.targets[0].target
            if isinstance(target, cst.Name):
                found[target.value] = (statement, small.value)
        elif isinstance(small, cst.AnnAssign) and small.value is not None:
            if isinstance(small.target, cst.Name):
                found[small.target.value] = (statement, small.value)
    return found


def _module_names(module: cst.Module) -> set[str]:
    """Names bound at module level: constants, functions, classes, imports."""
    names: set[str] = set()
    for statement in module.body:
        for node in walk(statement, into_scopes=False):
            if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                names.add(node.name.value)
            elif isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Name):
                names.add(node.target.value)
            elif isinstance(node, cst.AnnAssign) and isinstance(node.target, cst.Name):
                names.add(node.target.value)
            elif isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(
                node.names, cst.ImportStar
            ):
                for alias in node.names:
                    bound = alias.asname.name if alias.asname else alias.name
                    if isinstance(bound, cst.Name):
                        names.add(bound.value)
                    elif isinstance(bound, cst.Attribute):
                        names.add(cst.Module([]).code_for_node(bound).split(".")[0])
    return names
