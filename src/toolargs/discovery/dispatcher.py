"""Low-level dispatchers: `call_tool(name, arguments)` and the tools its branches handle."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.handler import (
    PURE_FUNCTIONS,
    READ_METHODS,
    HandlerScanner,
    parameter_for,
)
from toolargs.discovery.index import FunctionInfo
from toolargs.discovery.literals import (
    called_later,
    dotted_name,
    parameter_names,
    positional,
    string_value,
)
from toolargs.discovery.schema import Resolver
from toolargs.discovery.syntax import all_nodes, exits, statements_of
from toolargs.discovery.walk import push_children, walk
from toolargs.model import Event, Handler, Tool
from toolargs.vocabulary import REGISTRY_NAME

if TYPE_CHECKING:
    from toolargs.discovery.shapes import Discoverer


@dataclass
class Shared:
    """Dispatcher statements that run before the branching, for every tool.

    Scanned once per tool, since `KNOWN_ARGS[name]` there means each tool's own list.
    """

    statements: Sequence[cst.BaseStatement]
    args_name: str
    aliases: tuple[str, ...] = ()

    def events(self, resolver: Resolver, config: Config, tool: str) -> list[Event]:
        if not self.statements:
            return []
        scanner = HandlerScanner(resolver, config, self.args_name, tool, also=self.aliases)
        return scanner.scan(self.statements)


class Dispatcher:
    """A `call_tool(name, arguments)` function and the tools its branches handle."""

    def __init__(self, owner: Discoverer, info: FunctionInfo, name_param: str, args_param: str):
        self.owner = owner
        self.info = info
        self.name_param = name_param
        self.args_param = args_param
        self.server: str | None = None  # the server it is registered with
        # Where its code lives: a helper the registered dispatcher forwards to may be in
        # another module, whose names are resolved there.
        self.index = info.index or owner.index
        self.resolver = (
            owner.resolver if self.index is owner.index else Resolver(self.index, owner.config)
        )
        self.anchor: cst.CSTNode | None = None  # where its tools are reported, if not here
        self.depth = 0  # dispatchers forwarding to dispatchers
        # `name = params.name`, `arguments = params.arguments or {}` before the branching.
        self.names = {name_param}
        self.args_aliases = {args_param}
        # In order, in nested blocks too (`dispatch_args = dict(arguments or {})` inside
        # a `try:`), a copy of the arguments being an alias of them.
        for small in all_nodes(statements_of(info.node.body)):
            if isinstance(small, cst.Assign) and len(small.targets) == 1:
                target = small.targets[0].target
                value = _copied(small.value)
                if isinstance(value, cst.BooleanOperation):
                    value = value.left
                if isinstance(value, cst.IfExp):
                    # `arguments if isinstance(arguments, dict) else {}`
                    value = next(
                        (v for v in (value.body, value.orelse)
                         if dotted_name(v) in self.args_aliases | self.names),
                        value,
                    )  # fmt: skip
                if isinstance(target, cst.Name):
                    if dotted_name(value) in self.names:
                        self.names.add(target.value)
                    elif dotted_name(value) in self.args_aliases:
                        self.args_aliases.add(target.value)

    def discover(self) -> None:
        statements = list(statements_of(self.info.node.body))
        if self._single_tool(statements):
            return
        found = self._branching(statements, [])
        if found is not None:
            before, branchings = found
            shared = self._shared(before)
            enforcement = self._central_policy(before)
            for branching in branchings:
                self._branches(branching, shared, enforcement)
            # A name no branch takes falls through to a helper handed the name and the
            # arguments (`return await _dispatch_tool(name, arguments)`, after the last
            # statement holding a branch): its branches are this dispatcher's tools too.
            branching_ids = {id(b) for b in branchings}
            last = max(
                (i for i, statement in enumerate(statements)
                 if any(id(node) in branching_ids for node in all_nodes([statement]))),
                default=len(statements),
            )  # fmt: skip
            self._forwarded(statements[last + 1 :])
            return
        # No branching: maybe a registry lookup `HANDLERS[name](arguments)`. Statements
        # before the one doing the lookup run for every tool.
        for position, statement in enumerate(statements):
            for node in all_nodes([statement]):
                container = lookup_container(node, self.names)
                if container is None:
                    continue
                resolved = self.resolver.follow(container)
                value = resolved.expr
                if resolved.index is not self.owner.index and REGISTRY_NAME.search(
                    resolved.name or ""
                ):
                    return  # a registry of another module, whose tools are reported there
                if isinstance(value, cst.Dict):
                    self.owner.registry_entries(value, self._shared(statements[:position]))
                    return
        if self._forwarded(statements):
            return
        self._only_tool(statements)

    def _forwarded(self, statements: Sequence[cst.BaseStatement]) -> bool:
        """`return await _route(client, name, arguments)`: the helper receiving the name
        and the arguments dispatches; its branches are this dispatcher's tools."""
        project = self.owner.index.project
        if project is None or self.depth >= MAX_ROUTERS:
            return False
        for node in all_nodes(statements):
            if not isinstance(node, cst.Call):
                continue
            passed = [a for a in node.args if not a.star]
            names = [a for a in passed if dotted_name(a.value) in self.names]
            arguments = [a for a in passed if dotted_name(_or_left(a.value)) in self.args_aliases]
            request = self._request_handed(node, passed)
            if request is not None:
                # `return await call_tool(ctx, params)` after a check of its own: the
                # handler handed the whole request dispatches
                names = arguments = [request]
            if not names or not arguments:
                continue
            handed = called_later(node, dotted_name(node.func) or "")
            if handed is not None:
                # `await asyncio.to_thread(_dispatch, name, args)`: the call it makes
                node = handed
            helper = project.resolve_call(node, self.info)
            if helper is None or helper.node is self.info.node:
                continue
            name_param = parameter_for(helper, node, names[0])
            args_param = parameter_for(helper, node, arguments[0])
            if name_param is None or args_param is None:
                continue
            if request is not None:  # the helper reads `params.name` of the same request
                params = helper.node.params.params
                param = next((p for p in params if p.name.value == name_param), None)
                if param is None or not is_request_params(param):
                    continue
                name_param, args_param = f"{name_param}.name", f"{name_param}.arguments"
            inner = Dispatcher(self.owner, helper, name_param, args_param)
            inner.server = self.server
            inner.depth = self.depth + 1
            local = inner.index is self.owner.index
            inner.anchor = self.anchor if self.anchor is not None or local else node
            before = len(self.owner.tools)
            self.owner._claimed.add(id(helper.node))
            self.owner.add_decls_of(inner.index)
            inner.discover()
            if len(self.owner.tools) > before:
                return True
        return False

    def _request_handed(self, call: cst.Call, passed: list[cst.Arg]) -> cst.Arg | None:
        """The argument handing on the SDK 2.x request this dispatcher reads its name and
        arguments from (`params` of `params.name`), if the call hands it on whole."""
        if not self.name_param.endswith(".name"):
            return None
        request = self.name_param[: -len(".name")]
        return next((a for a in passed if dotted_name(a.value) == request), None)

    def _only_tool(self, statements: Sequence[cst.BaseStatement]) -> None:
        """A dispatcher that never tests the name, on a server describing one tool: that
        tool's handler is the whole dispatcher."""
        if self.depth:
            return
        decls = self.owner.described_tools()
        if len(decls) != 1:
            return
        name = decls[0]
        if any(tool.name == name for tool in self.owner.tools):
            return
        shared = self._shared([])
        enforcement = self._central_policy(statements)
        self._branch(name, self.info.node.name, self.info.node.body, shared, enforcement)

    def _single_tool(self, statements: Sequence[cst.BaseStatement]) -> bool:
        """`if name != "x": raise ...` and then the tool's code: a one-tool dispatcher."""
        for position, statement in enumerate(statements):
            if not isinstance(statement, cst.If) or statement.orelse is not None:
                continue
            test = statement.test
            if not (
                isinstance(test, cst.Comparison)
                and len(test.comparisons) == 1
                and isinstance(test.comparisons[0].operator, cst.NotEqual)
                and exits(statement.body)
            ):
                continue
            flipped = test.with_changes(
                comparisons=[test.comparisons[0].with_changes(operator=cst.Equal())]
            )
            names = self._test_names(flipped)
            if len(names) != 1:
                continue
            shared = self._shared(statements[:position])
            enforcement = self._central_policy(statements[:position])
            body = self.info.node.body
            where = self._naming(test, names[0])
            self._branch(names[0], where, body, shared, enforcement, statements[position + 1 :])
            return True
        return False

    def _branching(
        self, statements: Sequence[cst.CSTNode], outer: list[cst.CSTNode]
    ) -> tuple[list[cst.CSTNode], list[cst.If | cst.Match]] | None:
        """The statements before the first branch on the name, and every such branch.

        Branches are an `if`/`elif` chain, a `match`, or consecutive `if name == ...:`
        blocks that each return; a `try` or `with` around them is looked into.
        """
        for position, statement in enumerate(statements):
            if self._branches_on_name(statement):
                return outer + list(statements[:position]), self._later(statements[position:])
            if isinstance(statement, (cst.Try, cst.With)):
                before = outer + list(statements[:position])
                inner = self._branching(statements_of(statement.body), before)
                if inner is not None:
                    return inner
        return None

    def _later(
        self, statements: Sequence[cst.CSTNode], depth: int = 0
    ) -> list[cst.If | cst.Match]:
        """The branches on the name from the first one on: those at this level, and those
        of a `try` or `with` after it (`if name == "search": return ...` first, then
        `try: if name == "get": ... elif ...` for the others)."""
        found: list[cst.If | cst.Match] = []
        for statement in statements:
            if isinstance(statement, (cst.If, cst.Match)) and self._branches_on_name(statement):
                found.append(statement)
            elif isinstance(statement, (cst.Try, cst.With)) and depth < MAX_NESTED_BLOCKS:
                found += self._later(statements_of(statement.body), depth + 1)
        return found

    def _branches_on_name(self, statement: cst.CSTNode) -> bool:
        if isinstance(statement, cst.If):
            return self._tests_name(statement.test)
        if isinstance(statement, cst.Match):
            return dotted_name(statement.subject) in self.names
        return False

    def _tests_name(self, test: cst.BaseExpression) -> bool:
        return bool(self._test_names(test))

    def _test_names(self, test: cst.BaseExpression) -> list[str]:
        """Tool names a branch test accepts: `name == "x"`, `name in ("x", "y")`."""
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
            return self._test_names(test.left) + self._test_names(test.right)
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return []
        left, comparison = test.left, test.comparisons[0]
        right = comparison.comparator
        if dotted_name(left) not in self.names:
            left, right = right, left
            if dotted_name(left) not in self.names:
                return []
        if isinstance(comparison.operator, cst.Equal):
            value = self._name_value(right)
            return [value] if value else []
        if isinstance(comparison.operator, cst.In):
            container = self._names_container(right)
            if container is not None:
                values = [self._name_value(e) for e in container]
                return [v for v in values if v]
        return []

    def _names_container(
        self, expr: cst.BaseExpression
    ) -> list[cst.BaseExpression] | None:
        """The elements of a literal a membership test reads, written there or as a
        module constant: `("x", "y")`, `KB_TOOLS = frozenset({"x", "y"})`, a dict's keys."""
        if isinstance(expr, (cst.Name, cst.Attribute)):
            expr = self.resolver.follow(expr).expr
        if (
            isinstance(expr, cst.Call)
            and dotted_name(expr.func) in ("frozenset", "set", "tuple", "list")
            and len(expr.args) == 1
        ):
            expr = expr.args[0].value
        if isinstance(expr, (cst.Tuple, cst.List, cst.Set)):
            return [e.value for e in expr.elements if isinstance(e, cst.Element)]
        if isinstance(expr, cst.Dict):
            return [e.key for e in expr.elements if isinstance(e, cst.DictElement)]
        return None

    def _name_value(self, expr: cst.BaseExpression) -> str | None:
        return self.resolver.name_value(expr)

    def _branches(
        self, branching: cst.If | cst.Match, shared: Shared, enforcement: str | None
    ) -> None:
        if isinstance(branching, cst.If):
            current: cst.If | cst.Else | None = branching
            while isinstance(current, cst.If):
                names = self._test_names(current.test)
                for name in names:
                    where = self._naming(current.test, name)
                    self._branch(name, where, current.body, shared, enforcement)
                if not names and self._mentions_name(current.test):
                    self._guarded(current.body, shared, enforcement)
                current = current.orelse
            return
        for case in branching.cases:
            for name in self._pattern_names(case.pattern):
                where = self._naming(case.pattern, name)
                self._branch(name, where, case.body, shared, enforcement)

    def _mentions_name(self, test: cst.BaseExpression) -> bool:
        return any(
            isinstance(node, cst.Name) and node.value in self.names for node in all_nodes([test])
        )

    def _guarded(self, body: cst.BaseSuite, shared: Shared, enforcement: str | None) -> None:
        """A branch taken for a family of names (`elif name.startswith("debug_"):`) that
        branches on the name again inside, or hands it to a helper that does: those
        branches are tools, and what the guard runs before them runs for each."""
        statements = list(statements_of(body))
        found = self._branching(statements, [])
        if found is None:
            self._forwarded(statements)  # `await runtime_tools.call(name, arguments)`
            return
        before, branchings = found
        inner = self._shared([*shared.statements, *before])
        for branching in branchings:
            self._branches(branching, inner, enforcement)

    def _naming(self, test: cst.CSTNode, name: str) -> cst.CSTNode:
        """The string naming tool `name` in a branch test or case pattern (its anchor),
        else the whole test."""
        for node in _strings(test):
            if self._name_value(node) == name:
                return node
        return test

    def _pattern_names(self, pattern: cst.MatchPattern) -> list[str]:
        if isinstance(pattern, cst.MatchValue):
            value = self._name_value(pattern.value)
            return [value] if value else []
        if isinstance(pattern, cst.MatchOr):
            return [n for p in pattern.patterns for n in self._pattern_names(p.pattern)]
        if isinstance(pattern, cst.MatchAs) and pattern.pattern is not None:
            return self._pattern_names(pattern.pattern)
        return []

    def _branch(
        self,
        name: str,
        anchor: cst.CSTNode,
        body: cst.BaseSuite,
        shared: Shared,
        enforcement: str | None,
        statements: Sequence[cst.BaseStatement] | None = None,
    ) -> None:
        """One tool's branch: `body`, or `statements` of it when only a part belongs to it."""
        owner = self.owner
        anchor = self.anchor if self.anchor is not None else anchor
        statements = list(statements_of(body)) if statements is None else list(statements)
        target, arguments = self._delegate(statements)
        routed = self._routed(target, name, arguments, statements)
        if routed:
            for tool in routed:
                tool.enforcement = enforcement
            return
        if isinstance(target, FunctionInfo):
            handler, sig = owner.function_handler(target, name, shared, arguments)
            schema = owner.schema_for(name, None, sig)
            server = self.server
            tool = owner.new_tool(name, "dispatcher", anchor, handler, schema, None, (), server)
        else:
            handler = Handler(f"{self.info.label} branch '{name}'", body, anchor, self.args_param)
            handler.function = self.info
            scanner = HandlerScanner(
                self.resolver,
                owner.config,
                self.args_param,
                name,
                also=self.args_aliases,
                function=self.info,
            )
            before = shared.events(self.resolver, owner.config, name)
            handler.events = before + scanner.scan(statements)
            schema = owner.schema_for(name, None, None)
            tool = owner.new_tool(
                name, "dispatcher", anchor, handler, schema, None, (), self.server
            )
            if isinstance(target, str):
                tool.handler = None
                tool.why_unresolved_handler = target
        tool.enforcement = enforcement

    def _routed(
        self,
        target: FunctionInfo | str | None,
        name: str,
        arguments: str,
        statements: Sequence[cst.CSTNode],
    ) -> list[Tool]:
        """A branch handing the name on with the arguments to a router that branches on
        it (`if name in KB_TOOLS: return handle_kb(name, arguments)`): the router's branch
        for `name` is the tool, read alone. The tool made, if any."""
        if not isinstance(target, FunctionInfo) or not arguments or self.depth >= MAX_ROUTERS:
            return []
        handed = any(
            isinstance(arg.value, cst.Name) and arg.value.value in self.names
            for call in all_nodes(statements) if isinstance(call, cst.Call)
            for arg in call.args
        )
        if not handed:
            return []
        return routed_branches(
            self.owner, target, arguments, {name}, self.anchor, self.server, self.depth + 1
        )

    def _delegate(
        self, statements: Sequence[cst.CSTNode]
    ) -> tuple[FunctionInfo | str | None, str]:
        """The module function a branch hands the raw arguments to, if any, and the
        parameter it gets them in."""
        for node in all_nodes(statements):
            if not isinstance(node, cst.Call):
                continue
            passed = [
                a for a in node.args
                if isinstance(a.value, cst.Name)
                and a.value.value in self.args_aliases
                and a.star != "**"
            ]  # fmt: skip
            if not passed:
                continue
            callee = dotted_name(node.func)
            if callee is None or self._is_helper_or_pure(callee):
                continue
            function = self.index.function(callee.rsplit(".", 1)[-1])
            if function is not None and function.node is not self.info.node:
                return function, parameter_for(function, node, passed[0]) or ""
            imported = self.index.imports.get(callee.split(".")[0])
            if imported is not None:
                found = self.resolver.find_function(callee)
                if found is not None:
                    return found, parameter_for(found, node, passed[0]) or ""
                where = f"{'.' * imported.level}{imported.module}"
                return f"'{callee}' comes from {where}, which is not a module of this project", ""
        return None, ""

    def _is_helper_or_pure(self, callee: str) -> bool:
        config = self.owner.config
        last = callee.rsplit(".", 1)[-1]
        helpers = (
            *config.collect_helpers,
            *config.reject_helpers,
            *config.attach_helpers,
            *config.limit_helpers,
            *config.pure_calls,
        )
        return last in helpers or callee in PURE_FUNCTIONS or last in READ_METHODS

    def _shared(self, statements: Sequence[cst.CSTNode]) -> Shared:
        kept = [s for s in statements if isinstance(s, cst.BaseStatement)]
        return Shared(kept, self.args_param, tuple(self.args_aliases))

    def _central_policy(self, statements: Sequence[cst.CSTNode]) -> str | None:
        policies = set(self.owner.config.central_policies)
        for node in all_nodes(statements):
            if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)):
                continue
            if node.func.attr.value != "resolve":
                continue
            base = dotted_name(node.func.value) or ""
            bound = self.index.bound_calls.get(base.rsplit(".", 1)[-1])
            constructor = dotted_name(bound.func) if bound is not None else None
            names = (constructor or "").split(".")
            if names and set(names) & policies:
                return f"{constructor} .resolve() in {self.info.label}"
        return None


MAX_NESTED_BLOCKS = 3  # `try` inside `with` inside `try`
MAX_ROUTERS = 4  # routers handed the name by routers


def routed_branches(
    owner: Discoverer,
    router: FunctionInfo,
    arguments: str,
    names: set[str],
    anchor: cst.CSTNode | None,
    server: str | None = None,
    depth: int = 0,
) -> list[Tool]:
    """The tools `names` of a router handed a tool's name and its arguments (`def
    _dispatch_tool(name, arguments): match name: ...`): each name's branch, read alone, as
    in a call handler that branches itself. Branches for other names make no tool here."""
    param = next((p for n in sorted(names) if (p := name_parameter(router.node, n))), None)
    if param is None:
        return []
    inner = Dispatcher(owner, router, param, arguments)
    inner.anchor = anchor
    inner.server = server
    inner.depth = depth
    before = len(owner.tools)
    inner.discover()
    made = owner.tools[before:]
    del owner.tools[before:]
    kept = [t for t in made if t.name in names]
    owner.tools.extend(kept)
    return kept


def name_parameter(node: cst.FunctionDef, name: str) -> str | None:
    """The parameter a function branches on for the literal `name`: `match p:` with a
    case of that literal, or `if p == "name"`."""
    return _branched_on(node).get(name)


@functools.lru_cache(maxsize=4096)  # a node hashes by identity; the cache keeps it alive
def _branched_on(node: cst.FunctionDef) -> dict[str, str]:
    """Each literal a function tests one of its parameters against, with that parameter
    (the first test of a literal wins): read once per function."""
    params = parameter_names(node)
    found: dict[str, str] = {}
    for each in walk(node.body):
        if isinstance(each, cst.Match) and isinstance(each.subject, cst.Name):
            if each.subject.value in params:
                for case in each.cases:
                    for n in walk(case.pattern):
                        if isinstance(n, cst.MatchValue):
                            text = string_value(n.value)
                            if text is not None:
                                found.setdefault(text, each.subject.value)
        elif isinstance(each, cst.Comparison) and isinstance(each.left, cst.Name):
            if each.left.value in params:
                for t in each.comparisons:
                    text = string_value(t.comparator)
                    if isinstance(t.operator, cst.Equal) and text is not None:
                        found.setdefault(text, each.left.value)
    return found


def _or_left(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`arguments` of `arguments or {}`."""
    while isinstance(expr, cst.BooleanOperation):
        expr = expr.left
    return expr


def lookup_container(node: cst.CSTNode, names: set[str]) -> cst.BaseExpression | None:
    """`X` of `X[name]` or `X.get(name)`."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        if isinstance(index, cst.Index) and dotted_name(index.value) in names:
            return node.value
    if (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "get"
    ):
        first = positional(node, 0)
        if first is not None and dotted_name(first) in names:
            return node.func.value
    return None


def is_request_params(param: cst.Param) -> bool:
    """The `params: CallToolRequestParams` of an SDK 2.x low-level handler."""
    if param.annotation is not None:
        annotation = dotted_name(param.annotation.annotation) or ""
        return annotation.rsplit(".", 1)[-1] == "CallToolRequestParams"
    return param.name.value in ("params", "request_params")


def _strings(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The string literals and names in `node`, in source order (the tool names a branch
    test compares with: literals, or constants holding them)."""
    found: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is cst.SimpleString or kind is cst.Name:
            found.append(current)  # type: ignore[arg-type]
        elif kind is cst.ConcatenatedString or kind is cst.Attribute:
            found.append(current)  # type: ignore[arg-type]
            continue  # whole: `"a" "b"`, `Names.X`
        push_children(stack, current)
    return found


def _copied(value: cst.BaseExpression) -> cst.BaseExpression:
    """What a copy copies: `dict(x)`, `x.copy()`, `{**x}` stand for `x`."""
    if isinstance(value, cst.Call) and len(value.args) <= 1:
        func = value.func
        if isinstance(func, cst.Name) and func.value == "dict" and value.args:
            if value.args[0].keyword is None and not value.args[0].star:
                return value.args[0].value
        if isinstance(func, cst.Attribute) and func.attr.value == "copy" and not value.args:
            return func.value
    if isinstance(value, cst.Dict) and len(value.elements) == 1:
        element = value.elements[0]
        if isinstance(element, cst.StarredDictElement):
            return element.value
    return value
