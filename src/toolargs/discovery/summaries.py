"""Summaries of project functions: which of them register their argument as a tool.

A registration sink of a known framework (`mcp.tool(...)`, `mcp.add_tool(fn, ...)`,
`Tool.from_function(fn, ...)`, `FunctionTool(fn=...)`) registers the function it is
given. A project function that hands one of its parameters to a sink is a sink too
(`register(fn)`), and one that returns such a function is a decorator factory
(`@registry.readonly("Show an item")`). Summaries are computed on demand, once per
function, and cycles are cut (a function being summarised is not a sink to itself).
What a registration says about the tool (its name, annotations, schema) is evaluated at
each call site, with the caller's arguments bound to the sink's parameters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.index import ClassInfo, FunctionInfo, ModuleIndex
from toolargs.discovery.literals import (
    bool_value,
    dict_items,
    dotted_name,
    keyword,
    last_name,
    positional,
    snippet,
)
from toolargs.discovery.literals import string_value
from toolargs.discovery.project import Instance, ProjectIndex
from toolargs.discovery.walk import walk
from toolargs.mode import Annotations

MAX_DEPTH = 6  # expressions followed through names and calls within one function
MAX_CHAIN = 12  # sinks wrapping sinks; longer chains are not followed
FRAMEWORK_SINKS = ("add_tool",)  # `server.add_tool(fn, name=...)`
TOOL_FACTORIES = ("from_function",)  # `Tool.from_function(fn, ...)`
TOOL_OBJECTS = ("FunctionTool",)  # `FunctionTool(fn=..., name=...)`
ANNOTATION_CLASSES = ("ToolAnnotations",)
SCHEMA_KEYWORDS = ("input_schema", "inputSchema", "schema", "parameters")


@dataclass(eq=False)
class Scope:
    """Where an expression is evaluated: a function (or module) with bound parameters."""

    index: ModuleIndex
    function: FunctionInfo | None
    env: dict[str, Bound] = field(default_factory=dict, repr=False)
    parent: Scope | None = field(default=None, repr=False)


@dataclass(frozen=True, eq=False)
class Bound:
    expr: cst.BaseExpression
    scope: Scope


@dataclass(eq=False)
class Registration:
    """What a sink gives the function it registers."""

    via: str  # the sink as written, for messages: "mcp.tool()", "registry.readonly()"
    name: Bound | None = None
    annotations: Bound | None = None
    schema: Bound | None = None
    server: str | None = None  # the receiver of the framework sink, as written
    keywords: dict[str, Bound] = field(default_factory=dict)


@dataclass
class Summary:
    registers: set[str] = field(default_factory=set)  # parameters it registers
    returns_registrar: bool = False


class Summaries:
    """Sink summaries over the project index, memoised per function."""

    def __init__(self, project: ProjectIndex, config: Config) -> None:
        self.project = project
        self.config = config
        self._summaries: dict[int, Summary] = {}
        self._active: set[int] = set()
        self._cut = False  # a summary below was cut short by a cycle or the chain bound
        self.decorators = set(config.tool_decorators)
        self.sinks = set(config.registration_calls) | set(FRAMEWORK_SINKS)

    # --- what an expression is ---

    def registrar(
        self, expr: cst.BaseExpression, scope: Scope, depth: int = 0
    ) -> Registration | None:
        """A registration when `expr` evaluates to something that registers the function
        it is called with (a decorator): `mcp.tool`, `mcp.tool(name="x")`, a project
        decorator or decorator factory."""
        if depth > MAX_CHAIN * 2:
            return None
        if isinstance(expr, cst.Attribute) and expr.attr.value in self.decorators:
            return Registration(f"{snippet(expr)}", server=_receiver(expr))
        if isinstance(expr, cst.Call):
            func = expr.func
            if isinstance(func, cst.Attribute) and func.attr.value in self.decorators:
                first = positional(expr, 0)
                if first is not None and string_value(first) is None:
                    return None  # `mcp.tool(fn)`: a registration, not a decorator
                return self._framework(expr, scope, first)
            function = self._function(func, scope)
            if function is not None and self.summary(function, depth + 1).returns_registrar:
                env = self._bind(function, expr, scope)
                inner = Scope(function.index or scope.index, function, env)
                return self._returned_registrar(function, inner, depth + 1)
            return None
        if isinstance(expr, (cst.Name, cst.Attribute)):
            value = self._value_of(expr, scope)
            if value is not None and value.expr is not expr:
                return self.registrar(value.expr, value.scope, depth + 1)
            function = self._function(expr, scope)
            if function is not None:
                summary = self.summary(function, depth + 1)
                param = _first_param(function)
                if param is not None and param in summary.registers:
                    inner = Scope(function.index or scope.index, function)
                    return self._registered_param(function, inner, param, depth + 1)
        return None

    def registered(
        self, call: cst.Call, scope: Scope, depth: int = 0
    ) -> tuple[cst.BaseExpression, Registration] | None:
        """The expression `call` registers as a tool, and what the registration says."""
        if depth > MAX_CHAIN * 2:
            return None
        func = call.func
        first = positional(call, 0)
        if isinstance(func, cst.Call):  # `mcp.tool(name="x")(fn)`, `register(...)(fn)`
            found = self.registrar(func, scope, depth + 1)
            if found is not None and first is not None:
                return first, found
            return None
        if isinstance(func, cst.Attribute):
            attr = func.attr.value
            if attr in TOOL_FACTORIES and first is not None:
                if not _tool_class(func.value, scope.index):
                    return None  # `Prompt.from_function(fn)`, `Resource.from_function(fn)`
                return first, self._framework(call, scope, first)
            if attr in self.sinks and first is not None and not isinstance(first, cst.Call):
                return first, self._framework(call, scope, first)
            if attr in self.sinks and isinstance(first, cst.Call):
                inner = self.registered(first, scope, depth + 1)
                if inner is not None:
                    inner[1].server = inner[1].server or _receiver(func)
                return inner
            if attr in self.decorators and first is not None and string_value(first) is None:
                return first, self._framework(call, scope, first)
        name = func.value if isinstance(func, cst.Name) else ""
        if name in TOOL_OBJECTS:
            target = keyword(call, "fn", "func", "function") or first
            if target is not None:
                return target, self._framework(call, scope, target)
            return None
        function = self._function(func, scope)
        if function is None:
            return None
        summary = self.summary(function, depth + 1)
        if not summary.registers:
            return None
        env = self._bind(function, call, scope)
        callee = Scope(function.index or scope.index, function, env)
        for param in summary.registers:
            given = env.get(param)
            if given is None or given.scope is not scope:
                continue
            made = self._registered_param(function, callee, param, depth + 1)
            if made is not None:
                return given.expr, made
        return None

    # --- summaries ---

    def summary(self, function: FunctionInfo, depth: int = 0) -> Summary:
        """What `function` does with its parameters, whoever calls it (`depth` is the
        caller's and does not limit the summary: the chain of summaries being computed
        does, and a function already in it counts as no sink, which cuts cycles)."""
        del depth
        key = id(function.node)
        known = self._summaries.get(key)
        if known is not None:
            return known
        if key in self._active or len(self._active) >= MAX_CHAIN:
            self._cut = True
            return Summary()
        outer_cut = self._cut
        self._cut = False
        self._active.add(key)
        try:
            scope = Scope(function.index or _no_index(), function)
            summary = Summary()
            params = set(function.params)
            for call in _calls(function.node):
                if not any(_param_in(a.value, params) for a in call.args if not a.star):
                    continue  # passes none of its parameters on: registers none of them
                found = self.registered(call, scope)
                if found is None:
                    continue
                param = _param_in(found[0], params)
                if param is not None:
                    summary.registers.add(param)
            summary.returns_registrar = self._returned_registrar(function, scope, 0) is not None
        finally:
            self._active.discard(key)
        # Kept even when a cycle cut it short: recomputing would be exponential on
        # mutually recursive code, and a sink reached only through a cycle is rare.
        self._summaries[key] = summary
        self._cut = self._cut or outer_cut
        return summary

    def _registered_param(
        self, function: FunctionInfo, scope: Scope, param: str, depth: int
    ) -> Registration | None:
        """The registration `function` makes of its parameter `param`, in `scope`."""
        params = {param}
        for call in _calls(function.node):
            found = self.registered(call, scope, depth + 1)
            if found is not None and _param_in(found[0], params) is not None:
                return found[1]
        return None

    def _returned_registrar(
        self, function: FunctionInfo, scope: Scope, depth: int
    ) -> Registration | None:
        """`return decorator` (a nested function registering its parameter) or
        `return mcp.tool(...)`: what the returned decorator registers with."""
        for returned in _returns(function.node):
            if isinstance(returned, cst.Name) and returned.value in function.nested:
                nested = function.nested[returned.value]
                first = _first_param(nested)
                if first is None or id(nested.node) in self._active:
                    continue
                inner = Scope(scope.index, nested, {}, scope)
                if first in self.summary(nested, depth + 1).registers:
                    return self._registered_param(nested, inner, first, depth + 1)
                continue
            found = self.registrar(returned, scope, depth + 1)
            if found is not None:
                return found
        return None

    # --- evaluating what a registration says ---

    def string(self, bound: Bound | None) -> str | None:
        """A string: a literal, a parameter or constant bound to one, a string enum
        member (`GitTools.STATUS.value`)."""
        if bound is None:
            return None
        value = self.value(bound)
        if value is None:
            return None
        found = string_value(value.expr)
        if found is None and isinstance(value.expr, cst.Attribute):
            expr = value.expr
            if expr.attr.value == "value":
                expr = expr.value  # type: ignore[assignment]
            if isinstance(expr, cst.Attribute):
                owner = self.project.definition(expr.value, value.scope.index, None)
                if isinstance(owner, ClassInfo):
                    found = string_value(owner.attributes.get(expr.attr.value))
        return found

    def annotations(self, bound: Bound | None, depth: int = 0) -> Annotations | None:
        """`ToolAnnotations(readOnlyHint=...)`, a dict, or what a helper returns,
        with parameters and constants followed."""
        if bound is None or depth > MAX_DEPTH:
            return None
        value = self.value(bound) or bound
        expr, scope = value.expr, value.scope
        items: list[tuple[str, Bound]] | None = None
        if isinstance(expr, cst.Dict):
            literal = dict_items(expr)
            items = [(k, Bound(v, scope)) for k, v in literal] if literal is not None else None
        elif isinstance(expr, cst.Call):
            function = self._function(expr.func, scope)
            if function is not None and not _is_class_call(expr.func, scope, self.project):
                env = self._bind(function, expr, scope)
                inner = Scope(function.index or scope.index, function, env)
                results = [
                    self.annotations(Bound(r, inner), depth + 1) for r in _returns(function.node)
                ]
                distinct = {r for r in results if r is not None}
                if len(distinct) == 1 and None not in results:
                    found = distinct.pop()
                    return Annotations(
                        found.read_only, found.destructive, snippet(expr), found.resolved
                    )
                return Annotations(None, None, snippet(expr), resolved=False)
            callee = (dotted_name(expr.func) or "").rsplit(".", 1)[-1]
            if callee not in ANNOTATION_CLASSES and callee != "dict":
                # A library's helper: what it returns is not known here.
                return Annotations(None, None, snippet(expr), resolved=False)
            items = [(a.keyword.value, Bound(a.value, scope)) for a in expr.args if a.keyword]
            if any(a.star for a in expr.args):
                return Annotations(None, None, snippet(expr), resolved=False)
        if items is None:
            return Annotations(None, None, snippet(expr), resolved=False)
        mapping = dict(items)
        read_only = self.boolean(mapping.get("readOnlyHint") or mapping.get("read_only_hint"))
        destructive = self.boolean(
            mapping.get("destructiveHint") or mapping.get("destructive_hint")
        )
        return Annotations(read_only, destructive, snippet(expr))

    def boolean(self, bound: Bound | None) -> bool | None:
        if bound is None:
            return None
        value = self.value(bound)
        return bool_value(value.expr) if value is not None else None

    def value(self, bound: Bound, hops: int = 0) -> Bound | None:
        """`bound` with names followed to what they are bound to: parameters bound at a
        call site, defaults, locals, module constants (imported ones too)."""
        expr, scope = bound.expr, bound.scope
        for _ in range(MAX_DEPTH * 2):
            if not isinstance(expr, cst.Name) or expr.value in ("True", "False", "None"):
                return Bound(expr, scope)
            found = self._lookup(expr.value, scope)
            if found is None:
                return Bound(expr, scope)
            expr, scope = found.expr, found.scope
        return None

    def _value_of(self, expr: cst.BaseExpression, scope: Scope) -> Bound | None:
        if isinstance(expr, cst.Name):
            found = self._lookup(expr.value, scope)
            return found
        return None

    def _lookup(self, name: str, scope: Scope) -> Bound | None:
        current: Scope | None = scope
        while current is not None:
            if name in current.env:
                return current.env[name]
            function = current.function
            if function is not None and name in function.locals:
                return Bound(function.locals[name], current)
            if function is not None and name in function.params:
                return None
            current = current.parent
        found = self.project.constant(name, scope.index)
        if found is None:
            return None
        return Bound(found[0], Scope(found[1], None))

    # --- helpers ---

    def _framework(
        self, call: cst.Call, scope: Scope, target: cst.BaseExpression | None
    ) -> Registration:
        """A framework sink's own keywords: name, annotations, schema, hints."""
        name = keyword(call, "name")
        first = positional(call, 0)
        if name is None and first is not None and first is not target:
            resolved = self.value(Bound(first, scope))
            if resolved is not None and string_value(resolved.expr) is not None:
                name = first
        registration = Registration(snippet(call.func) + "()", server=_receiver(call.func))
        registration.name = Bound(name, scope) if name is not None else None
        annotations = keyword(call, "annotations")
        registration.annotations = Bound(annotations, scope) if annotations is not None else None
        schema = keyword(call, *SCHEMA_KEYWORDS)
        registration.schema = Bound(schema, scope) if schema is not None else None
        for arg in call.args:
            if arg.keyword is not None:
                registration.keywords[arg.keyword.value] = Bound(arg.value, scope)
        return registration

    def _function(self, expr: cst.BaseExpression, scope: Scope) -> FunctionInfo | None:
        """The project function `expr` names; a method called on a parameter of unknown
        type is looked up by name among the project's classes when only one defines it."""
        if isinstance(expr, cst.Name) and expr.value in scope.env:
            return None  # a parameter: what was passed is not known here
        found = self.project.definition(expr, scope.index, scope.function)
        if isinstance(found, FunctionInfo):
            return found
        if (
            found is None
            and isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Name)
            and scope.function is not None
            and expr.value.value in scope.function.params
        ):
            return self._by_method_name(expr.attr.value, scope.index)
        return None

    def _by_method_name(self, name: str, index: ModuleIndex) -> FunctionInfo | None:
        """`registry.readonly(...)` on an unannotated parameter: the method of that name
        when exactly one class of the module defines it."""
        if name in self.decorators or name in self.sinks or name.startswith("__"):
            return None
        found = [
            cls.method_infos[name] for cls in index.classes.values() if name in cls.method_infos
        ]
        return found[0] if len(found) == 1 else None

    def _bind(self, function: FunctionInfo, call: cst.Call, scope: Scope) -> dict[str, Bound]:
        """The caller's arguments (and the defaults) bound to `function`'s parameters."""
        params = function.node.params
        positional_params = [*params.posonly_params, *params.params]
        if function.owner is not None and positional_params:
            first = positional_params[0].name.value
            if first in ("self", "cls") and not _is_class_call(call.func, scope, self.project):
                positional_params = positional_params[1:]
        env: dict[str, Bound] = {}
        defaults = Scope(function.index or scope.index, None)
        for param in (*positional_params, *params.kwonly_params):
            if param.default is not None:
                env[param.name.value] = Bound(param.default, defaults)
        position = 0
        for arg in call.args:
            if arg.star:
                continue
            if arg.keyword is not None:
                env[arg.keyword.value] = Bound(arg.value, scope)
            elif position < len(positional_params):
                env[positional_params[position].name.value] = Bound(arg.value, scope)
                position += 1
        return env


def _no_index() -> ModuleIndex:
    return ModuleIndex(cst.Module(body=[]), None)


def _receiver(func: cst.BaseExpression) -> str | None:
    if isinstance(func, cst.Attribute):
        value = func.value
        while isinstance(value, cst.Attribute):
            value = value.attr  # `self.app.tool` -> `app`
        return value.value if isinstance(value, cst.Name) else None
    return None


def _first_param(function: FunctionInfo) -> str | None:
    params = [*function.node.params.posonly_params, *function.node.params.params]
    if function.owner is not None and params and params[0].name.value in ("self", "cls"):
        params = params[1:]
    return params[0].name.value if params else None


def _param_in(expr: cst.BaseExpression, params: set[str]) -> str | None:
    """The parameter `expr` is, or wraps (`wrap(fn)`, `functools.wraps(fn)(inner)`)."""
    for _ in range(4):
        if isinstance(expr, cst.Name):
            return expr.value if expr.value in params else None
        if not isinstance(expr, cst.Call):
            return None
        names = [a.value for a in expr.args if isinstance(a.value, cst.Name)]
        direct = [n.value for n in names if isinstance(n, cst.Name) and n.value in params]
        if direct:
            return direct[0]
        inner = positional(expr, 0)
        if inner is None:
            return None
        expr = inner
    return None


def _calls(node: cst.FunctionDef) -> list[cst.Call]:
    return [n for n in walk(node.body, into_scopes=False) if type(n) is cst.Call]


def _returns(node: cst.FunctionDef) -> list[cst.BaseExpression]:
    found = []
    for n in walk(node.body, into_scopes=False):
        if type(n) is cst.Return:
            assert isinstance(n, cst.Return)
            if n.value is not None:
                found.append(n.value)
    return found


def _is_class_call(func: cst.BaseExpression, scope: Scope, project: ProjectIndex) -> bool:
    """`Class.method(...)`: `self` is passed explicitly."""
    if not isinstance(func, cst.Attribute):
        return False
    found = project.definition(func.value, scope.index, scope.function)
    return isinstance(found, ClassInfo) and not isinstance(found, Instance)


def _tool_class(receiver: cst.BaseExpression, index: ModuleIndex) -> bool:
    """`Tool`, `FunctionTool` or a class named like them (an alias resolved): the only
    classes whose `from_function` makes a tool."""
    written = last_name(receiver)
    return written is not None and index.original_name(written).endswith("Tool")
