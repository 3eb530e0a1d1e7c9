"""Rejection by data flow: code that turns a call's unknown argument keys into an error.

A function running around every tool call (an SDK 2.x `Extension.intercept_tool_call(
params, ctx, call_next)`) rejects unknown keys when the keys of the call's arguments
minus a known set flow into a test whose branch returns or raises without going on to the
tool (`call_next`). However it is spelled: `args.keys() - schema["properties"].keys()`,
`set(args).difference(known)`, `[k for k in args if k not in known]`, kept in a variable,
sorted, or tested directly. A server class's override of its framework's call method
(`call_tool(self, name, arguments)`) is read the same way, with `super().call_tool(...)`
as the tool running. Only the function's own body is read; nothing is run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import libcst as cst

from toolargs.discovery.walk import walk

MAX_NODES = 20_000  # a function body larger than this is not read


def rejects_unknown_keys(function: cst.FunctionDef) -> bool:
    """Whether `function` (params, ..., call_next) rejects a call with unknown keys before
    it calls `call_next`."""
    params = [p.name.value for p in function.params.params if p.name.value not in ("self", "cls")]
    if len(params) < 2:
        return False
    request, proceed = params[0], params[-1]
    return _rejects(function, _Arguments(request), lambda node: _calls(node, proceed))


def override_rejects_unknown_keys(function: cst.FunctionDef, position: int) -> bool:
    """Whether a server class's override of its framework's call method (`call_tool(self,
    name, arguments, context)`, the arguments at `position` after `self`) rejects a call
    with unknown keys before it hands the call on to `super()`."""
    params = [p.name.value for p in function.params.params if p.name.value not in ("self", "cls")]
    if position >= len(params):
        return False
    arguments = _Arguments("")
    arguments.names.add(params[position])
    method = function.name.value
    return _rejects(function, arguments, lambda node: _calls_super(node, method))


def _rejects(
    function: cst.FunctionDef, arguments: _Arguments, proceeds: Callable[[cst.CSTNode], bool]
) -> bool:
    nodes = list(_limited(walk(function.body)))
    if len(nodes) >= MAX_NODES:
        return False
    extras: set[str] = set()  # names holding the keys left once the known ones are taken
    for node in nodes:
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            target = node.targets[0].target
            if not isinstance(target, cst.Name):
                continue
            if _difference(node.value, arguments) or _mentions(node.value, extras):
                extras.add(target.value)
            elif arguments.in_(node.value):
                arguments.names.add(target.value)
    for statement in _statements(function.body):
        if isinstance(statement, cst.If):
            if (_mentions(statement.test, extras) or _difference(statement.test, arguments)) and (
                _exits(statement.body) and not proceeds(statement.body)
            ):
                return True
        elif proceeds(statement):
            return False  # the tool runs first
    return False


class _Arguments:
    """The call's arguments: `<request>.arguments` (`params.arguments`,
    `context.message.arguments`) and the names they are kept in."""

    def __init__(self, request: str) -> None:
        self.request = request
        self.names: set[str] = set()

    def in_(self, expr: cst.CSTNode) -> bool:
        for node in _limited(walk(expr)):
            if isinstance(node, cst.Name) and node.value in self.names:
                return True
            if (
                self.request
                and isinstance(node, cst.Attribute)
                and node.attr.value == "arguments"
                and _root(node) == self.request
            ):
                return True
        return False


def _root(node: cst.BaseExpression) -> str:
    while isinstance(node, (cst.Attribute, cst.Subscript, cst.Call)):
        node = node.func if isinstance(node, cst.Call) else node.value
    return node.value if isinstance(node, cst.Name) else ""


def _limited(nodes: Iterator[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    for count, node in enumerate(nodes):
        if count >= MAX_NODES:
            return
        yield node


def _statements(body: cst.BaseSuite) -> Iterator[cst.CSTNode]:
    """The statements of `body` in order, the bodies of `if`s the test is not about
    (`if schema is not None:`) opened, so a nested test is reached."""
    if not isinstance(body, cst.IndentedBlock):
        return
    for statement in body.body:
        if isinstance(statement, cst.If):
            yield statement
            yield from _statements(statement.body)
        elif isinstance(statement, (cst.With, cst.Try)):
            yield from _statements(statement.body)
        else:
            yield statement


def _difference(expr: cst.CSTNode, arguments: _Arguments) -> bool:
    """Keys of the arguments minus something: `a.keys() - known`, `set(a) - known`,
    `set(a).difference(known)`, `[k for k in a if k not in known]`."""
    for node in _limited(walk(expr)):
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Subtract):
            if arguments.in_(node.left):
                return True
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            if node.func.attr.value == "difference" and arguments.in_(node.func.value):
                return True
        elif isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            for_in = node.for_in
            if arguments.in_(for_in.iter) and any(
                isinstance(c.operator, cst.NotIn)
                for test in for_in.ifs
                for c in _comparisons(test.test)
            ):
                return True
    return False


def _comparisons(expr: cst.BaseExpression) -> Iterator[cst.ComparisonTarget]:
    for node in _limited(walk(expr)):
        if isinstance(node, cst.Comparison):
            yield from node.comparisons


def _mentions(expr: cst.CSTNode, names: set[str]) -> bool:
    return bool(names) and any(
        isinstance(node, cst.Name) and node.value in names for node in _limited(walk(expr))
    )


def _calls(node: cst.CSTNode, name: str) -> bool:
    return any(
        isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value == name
        for n in _limited(walk(node))
    )


def _calls_super(node: cst.CSTNode, method: str) -> bool:
    """`super().call_tool(...)`, `super(Strict, self).call_tool(...)`."""
    return any(
        isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute)
        and n.func.attr.value == method and isinstance(n.func.value, cst.Call)
        and isinstance(n.func.value.func, cst.Name) and n.func.value.func.value == "super"
        for n in _limited(walk(node))
    )


def _exits(body: cst.BaseSuite) -> bool:
    """Whether the branch returns or raises (an error result, an exception)."""
    return any(isinstance(n, (cst.Return, cst.Raise)) for n in _limited(walk(body)))
