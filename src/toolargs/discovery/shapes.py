"""The five handler shapes: decorated, dispatcher, registry, class-based, imperative."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Sequence

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.handler import (
    ARGS_PARAMETER_NAMES,
    PURE_FUNCTIONS,
    READ_METHODS,
    HandlerScanner,
)
from toolargs.discovery.index import ClassInfo, FunctionInfo, ModuleIndex
from toolargs.discovery.literals import (
    snippet,
    dict_items,
    dotted_name,
    keyword,
    last_name,
    positional,
    string_value,
)
from toolargs.discovery.mode import classify
from toolargs.discovery.schema import Annotations, Resolver, ToolDecl
from toolargs.model import Event, Handler, Schema, Shape, Tool

INJECTED_PARAMETERS = frozenset({"self", "cls", "ctx", "context"})
INJECTED_TYPES = frozenset({"Context", "RequestContext", "ServerSession", "Request"})
DISPATCHER_NAMES = frozenset({"call_tool", "handle_call_tool"})
REGISTRY_NAME = re.compile(r"handler|tool|registry|dispatch", re.IGNORECASE)
SCHEMA_KEYWORDS = ("input_schema", "inputSchema", "schema", "parameters")
SCHEMA_ATTRIBUTES = ("input_schema", "inputSchema", "schema", "args_schema", "parameters")
CLASS_SUFFIXES = ("ToolHandler", "Handler", "Tool")


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


@dataclass
class Signature:
    args_name: str | None  # the dict parameter of a dict-style handler
    params: tuple[str, ...]  # keyword-style: the parameters a caller can pass
    kwargs_name: str | None  # a `**kwargs` that swallows unknown keys


def signature(function: cst.FunctionDef, method: bool) -> Signature:
    """Dict-style when the only caller-supplied parameter holds the argument dict."""
    params = list(function.params.posonly_params) + list(function.params.params)
    if method and params and params[0].name.value in ("self", "cls"):
        params = params[1:]
    callers = [
        p
        for p in params + list(function.params.kwonly_params)
        if p.name.value not in INJECTED_PARAMETERS and not _injected_type(p)
    ]
    star_kwarg = function.params.star_kwarg
    kwargs_name = star_kwarg.name.value if isinstance(star_kwarg, cst.Param) else None
    if len(callers) == 1 and _is_dict_param(callers[0]):
        return Signature(callers[0].name.value, (), None)
    return Signature(None, tuple(p.name.value for p in callers), kwargs_name)


def _injected_type(param: cst.Param) -> bool:
    if param.annotation is None:
        return False
    annotation = param.annotation.annotation
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    name = dotted_name(annotation) or ""
    return name.rsplit(".", 1)[-1] in INJECTED_TYPES


def _is_dict_param(param: cst.Param) -> bool:
    if param.annotation is not None:
        annotation = param.annotation.annotation
        if isinstance(annotation, cst.Subscript):
            annotation = annotation.value
        name = (dotted_name(annotation) or "").rsplit(".", 1)[-1]
        if name in ("dict", "Dict", "Mapping", "MutableMapping"):
            return True
        if isinstance(annotation, cst.BinaryOperation):  # dict[str, Any] | None
            return "dict" in (dotted_name(annotation.left) or "") or _is_dict_param(
                param.with_changes(annotation=cst.Annotation(annotation.left))
            )
        if name:
            return False
    return param.name.value in ARGS_PARAMETER_NAMES


def _is_abstract(function: cst.FunctionDef) -> bool:
    """No handler body of its own: only a docstring, `...`, `pass` or NotImplementedError."""
    if any(last_name(d.decorator) == "abstractmethod" for d in function.decorators):
        return True
    for statement in _statements(function.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            return False
        for small in statement.body:
            if isinstance(small, cst.Pass):
                continue
            if isinstance(small, cst.Expr) and isinstance(
                small.value, (cst.SimpleString, cst.ConcatenatedString, cst.Ellipsis)
            ):
                continue
            if isinstance(small, cst.Raise) and small.exc is not None:
                raised = small.exc.func if isinstance(small.exc, cst.Call) else small.exc
                if last_name(raised) == "NotImplementedError":
                    continue
            return False
    return True


def class_tool_name(class_name: str) -> str:
    """`FindSymbolTool` -> `find_symbol`."""
    for suffix in CLASS_SUFFIXES:
        if class_name.endswith(suffix) and class_name != suffix:
            class_name = class_name[: -len(suffix)]
            break
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", class_name).lower()


class Discoverer:
    def __init__(
        self,
        index: ModuleIndex,
        resolver: Resolver,
        config: Config,
        file_decls: dict[str, ToolDecl],
    ) -> None:
        self.index = index
        self.resolver = resolver
        self.config = config
        self.file_decls = file_decls
        self.decls: dict[str, ToolDecl] = {}
        self._imported_decls_loaded = False
        self.tools: list[Tool] = []
        self._claimed: set[int] = set()  # handler functions already turned into tools
        self._tool_calls: dict[int, list[cst.Call]] = {}  # Tool(...) calls by function
        for call, function in index.calls:
            if last_name(call.func) == "Tool":
                self._add_decl(self.resolver.tool_decl(call))
                if function is not None:
                    self._tool_calls.setdefault(id(function.node), []).append(call)
        for literal in index.tool_dicts:
            self._add_decl(self.resolver.tool_decl(literal))

    def _add_decl(self, decl: ToolDecl | None) -> None:
        if decl is not None:
            self.decls.setdefault(decl.name, decl)

    def decl(self, name: str) -> ToolDecl | None:
        found = self.decls.get(name) or self.file_decls.get(name)
        if found is None and not self._imported_decls_loaded:
            # `list_tools` may return Tool constants defined beside their handlers.
            self._imported_decls_loaded = True
            for decl in self.resolver.imported_tool_decls():
                self.decls.setdefault(decl.name, decl)
            found = self.decls.get(name)
        return found

    def discover(self) -> list[Tool]:
        self._classes()
        self._decorated()
        self._dispatchers()
        self._registries()
        self._imperative()
        return self.tools

    # --- building tools ---

    def _tool(
        self,
        name: str,
        shape: Shape,
        anchor: cst.CSTNode,
        handler: Handler | None,
        schema: Schema,
        annotations: Annotations | None,
        markers: tuple[str, ...] = (),
        server: str | None = None,
    ) -> Tool:
        decl = self.decl(name)
        if annotations is None and decl is not None:
            annotations = decl.annotations
        found = classify(name, annotations, markers, self.config)
        tool = Tool(
            name,
            shape,
            anchor,
            handler,
            schema,
            mode=found.mode,
            mode_source=found.source,
            conflict_pattern=found.conflict_pattern,
            read_only_hint=found.read_only_hint,
            server=server,
        )
        self.tools.append(tool)
        return tool

    def _schema_for(
        self, name: str, explicit: cst.BaseExpression | None, sig: Signature | None
    ) -> Schema:
        if explicit is not None:
            return self.resolver.schema(explicit, "decorator argument")
        decl = self.decl(name)
        if decl is not None:
            return decl.schema
        if sig is not None and sig.args_name is None:
            return Schema(sig.params, "signature")
        return Schema(None, "none", None, "no Tool(...), schema argument or schema file names it")

    def _function_handler(
        self, info: FunctionInfo, name: str, shared: Shared | None = None
    ) -> tuple[Handler, Signature]:
        sig = signature(info.node, method=info.owner is not None)
        args_name = sig.args_name or sig.kwargs_name
        label = info.label
        resolver = self.resolver
        if info.index is not None and info.index is not self.index:
            resolver = Resolver(info.index, self.config)
            label = f"{info.label} in {info.index.path.name if info.index.path else '?'}"
        handler = Handler(label, info.node, info.node.name, sig.args_name, sig.params)
        if args_name is not None:
            scanner = HandlerScanner(resolver, self.config, args_name, name, sig.params)
            handler.args_name = args_name
            before = shared.events(self.resolver, self.config, name) if shared else []
            handler.events = before + scanner.scan(_statements(info.node.body))
        self._claimed.add(id(info.node))
        return handler, sig

    # --- 1. decorated functions ---

    def _decorated(self) -> None:
        for info in self.index.decorated:
            if id(info.node) in self._claimed:
                continue
            for decorator in info.node.decorators:
                expr = decorator.decorator
                if last_name(expr) not in self.config.tool_decorators:
                    continue
                call = expr if isinstance(expr, cst.Call) else None
                name = info.name
                explicit = annotations = None
                if call is not None:
                    name = string_value(keyword(call, "name") or positional(call, 0)) or name
                    explicit = keyword(call, *SCHEMA_KEYWORDS)
                    annotations = self.resolver.annotations(keyword(call, "annotations"))
                    if annotations is None:
                        annotations = self._hint_keywords(call)
                handler, sig = self._function_handler(info, name)
                schema = self._schema_for(name, explicit, sig)
                server = _server_of(expr, self.index, self.config)
                tags = self._tags(call)
                self._tool(
                    name, "decorator", info.node.name, handler, schema, annotations, tags, server
                )
                break

    def _hint_keywords(self, call: cst.Call) -> Annotations | None:
        """`@tool(read_only_hint=True)`-style keywords some frameworks take directly."""
        from toolargs.discovery.literals import bool_value

        read_only = bool_value(keyword(call, "readOnlyHint", "read_only_hint", "read_only"))
        destructive = bool_value(keyword(call, "destructiveHint", "destructive_hint"))
        if read_only is None and destructive is None:
            return None
        return Annotations(read_only, destructive, "decorator keywords")

    def _tags(self, call: cst.Call | None) -> tuple[str, ...]:
        if call is None:
            return ()
        value = keyword(call, "tags")
        known = self.resolver.known_args(value) if value is not None else None
        return known.keys if known is not None and known.keys else ()

    # --- 2. low-level dispatchers ---

    def _dispatchers(self) -> None:
        registered = {
            dotted_name(value)
            for call, _ in self.index.calls
            if (value := keyword(call, "on_call_tool")) is not None
        }
        for info in list(self.index.functions.values()) + self.index.methods:
            if not (self._is_dispatcher(info) or info.name in registered):
                continue
            params = list(info.node.params.params)
            if info.owner is not None and params and params[0].name.value == "self":
                params = params[1:]
            if len(params) < 2:
                continue
            first, second = params[0], params[1]
            if _is_request_params(second):
                # SDK 2.x: `call_tool(ctx, params)` with `params.name`, `params.arguments`.
                request = second.name.value
                name_expr, args_expr = f"{request}.name", f"{request}.arguments"
            else:
                name_expr, args_expr = first.name.value, second.name.value
            self._claimed.add(id(info.node))
            Dispatcher(self, info, name_expr, args_expr).discover()

    def _is_dispatcher(self, info: FunctionInfo) -> bool:
        if any(
            last_name(d.decorator) in self.config.dispatcher_decorators
            for d in info.node.decorators
        ):
            return True
        return info.name in DISPATCHER_NAMES and not info.node.decorators

    # --- 3. registries ---

    def _registries(self) -> None:
        for name, value in self.index.constants.items():
            if not isinstance(value, cst.Dict) or not REGISTRY_NAME.search(name):
                continue
            self.registry_entries(value)

    def registry_entries(self, value: cst.Dict, shared: Shared | None = None) -> None:
        items = dict_items(value)
        if items is None:
            return
        for tool_name, target in items:
            self.registry_entry(tool_name, target, shared)

    def registry_entry(
        self, tool_name: str, target: cst.BaseExpression, shared: Shared | None
    ) -> bool:
        if isinstance(target, cst.Call):  # SomeHandler()
            target = target.func
        name = dotted_name(target)
        if name is None:
            return False
        function = self.index.function(name)
        if function is not None:
            if id(function.node) in self._claimed:
                return True
            handler, sig = self._function_handler(function, tool_name, shared)
            schema = self._schema_for(tool_name, None, sig)
            self._tool(tool_name, "registry", function.node.name, handler, schema, None)
            return True
        found = self.resolver.find_class(target)
        if found is not None and found[1] is self.index:
            return id(found[0].node) in self._claimed or self._class_tool(
                found[0], tool_name, "registry"
            )
        return False

    # --- 4. class-based tools ---

    def _classes(self) -> None:
        for cls in self.index.classes.values():
            self._class_tool(cls, None, "class")

    def _class_tool(self, cls: ClassInfo, registered_as: str | None, shape: Shape) -> bool:
        chain = list(self.resolver.class_chain(cls, self.index))
        method: cst.FunctionDef | None = None
        owner: ClassInfo | None = None
        for current, _ in chain:
            for wanted in self.config.handler_methods:
                if wanted in current.methods:
                    method, owner = current.methods[wanted], current
                    break
            if method is not None:
                break
        if method is None or owner is None or _is_abstract(method):
            return False
        decl = self._described_by(cls)
        bases = {base for current, _ in chain for base in current.base_names}
        if decl is None and not bases & set(self.config.tool_base_classes):
            return False
        name = (
            registered_as
            or (decl.name if decl and decl.name else None)
            or self._class_name_attribute(chain)
            or class_tool_name(cls.name)
        )
        info = FunctionInfo(method, owner, None)
        handler, sig = self._function_handler(info, name)
        handler.label = f"{cls.name}.{method.name.value}"
        schema = decl.schema if decl else self._class_schema(chain, name, sig)
        markers = tuple(sorted(bases))
        annotations = decl.annotations if decl else self._class_annotations(chain)
        self._tool(
            name,
            shape if shape == "registry" else "class",
            cls.node.name,
            handler,
            schema,
            annotations,
            markers,
        )
        self._claimed.add(id(cls.node))
        return True

    def _described_by(self, cls: ClassInfo) -> ToolDecl | None:
        """A `Tool(...)` built by one of the class's own methods."""
        for method in cls.methods.values():
            for call in self._tool_calls.get(id(method), ()):
                return self.resolver.tool_decl(call, named=False)
        return None

    def _class_name_attribute(self, chain: list[tuple[ClassInfo, ModuleIndex]]) -> str | None:
        for current, _ in chain:
            for attribute in ("name", "tool_name", "NAME"):
                value = string_value(current.attributes.get(attribute))
                if value:
                    return value
            init = current.methods.get("__init__")
            if init is not None:
                found = _super_init_name(init, self.resolver)
                if found:
                    return found
        return None

    def _class_schema(
        self, chain: list[tuple[ClassInfo, ModuleIndex]], name: str, sig: Signature
    ) -> Schema:
        for current, where in chain:
            for attribute in SCHEMA_ATTRIBUTES:
                value = current.attributes.get(attribute)
                if value is None:
                    continue
                model = self.resolver.find_class(value, where)
                if model is not None:
                    return Schema(
                        self.resolver.model_fields(*model), f"model {model[0].name}", value
                    )
                return self.resolver.schema(value, f"class attribute {attribute}")
        return self._schema_for(name, None, sig)

    def _class_annotations(self, chain: list[tuple[ClassInfo, ModuleIndex]]) -> Annotations | None:
        for current, _ in chain:
            value = current.attributes.get("annotations")
            if value is not None:
                return self.resolver.annotations(value)
        return None

    # --- 5. imperative registration ---

    def _imperative(self) -> None:
        names = set(self.config.registration_calls) | set(self.config.tool_decorators)
        for call, _ in self.index.calls:
            if last_name(call.func) not in names or not isinstance(call.func, cst.Attribute):
                continue
            target = positional(call, 0)
            named = call
            if isinstance(target, cst.Call) and last_name(target.func) == "from_function":
                named = target  # add_tool(Tool.from_function(fn, name=...))
                target = positional(target, 0)
            function = self._function_of(target) if target is not None else None
            if function is None:
                if last_name(call.func) in self.config.registration_calls and target is not None:
                    self._unresolved_registration(call, named, target)
                continue
            if id(function.node) in self._claimed:
                continue
            name = string_value(keyword(named, "name")) or function.name
            handler, sig = self._function_handler(function, name)
            schema = self._schema_for(name, keyword(named, *SCHEMA_KEYWORDS), sig)
            annotations = self.resolver.annotations(keyword(named, "annotations"))
            server = _server_of(call.func, self.index, self.config)
            # A function of another module has no line here: point at the registration.
            local = function.index is None or function.index is self.index
            anchor = function.node.name if local else call
            self._tool(name, "imperative", anchor, handler, schema, annotations, (), server)

    def _function_of(self, target: cst.BaseExpression) -> FunctionInfo | None:
        """The function registered: named directly, through a local alias, wrapped
        (`find_foo = find`, `make_partial_function(find, ...)`), or a method of an
        object built from a project class (`queries = Queries(); queries.run_query`)."""
        for _ in range(4):
            function = self.index.function(dotted_name(target) or "")
            if function is not None:
                return function
            method = self._bound_method(target)
            if method is not None:
                return method
            value = self.resolver.follow(target).expr
            if isinstance(value, cst.Call):
                value = positional(value, 0) or value
            if value is target or not isinstance(value, (cst.Name, cst.Attribute)):
                return None
            target = value
        return None

    def _bound_method(self, target: cst.BaseExpression) -> FunctionInfo | None:
        if not isinstance(target, cst.Attribute):
            return None
        built = self.resolver.follow(target.value).expr
        if not isinstance(built, cst.Call):
            return None
        found = self.resolver.find_class(built.func)
        if found is None:
            return None
        cls, where = found
        method = cls.methods.get(target.attr.value)
        if method is None:
            return None
        return FunctionInfo(method, cls, None, where if where is not self.index else None)

    def _unresolved_registration(
        self, call: cst.Call, named: cst.Call, target: cst.BaseExpression
    ) -> None:
        """A registration whose function the checker cannot follow: reported, not skipped."""
        name = string_value(keyword(named, "name")) or dotted_name(target)
        if name is None or name in {tool.name for tool in self.tools}:
            return
        schema = self._schema_for(name, keyword(named, *SCHEMA_KEYWORDS), None)
        annotations = self.resolver.annotations(keyword(named, "annotations"))
        server = _server_of(call.func, self.index, self.config)
        tool = self._tool(name, "imperative", call, None, schema, annotations, (), server)
        tool.why_unresolved_handler = f"`{snippet(target)}` is not a function of this project"


class Dispatcher:
    """A `call_tool(name, arguments)` function and the tools its branches handle."""

    def __init__(self, owner: Discoverer, info: FunctionInfo, name_param: str, args_param: str):
        self.owner = owner
        self.info = info
        self.name_param = name_param
        self.args_param = args_param
        # `name = params.name`, `arguments = params.arguments or {}` before the branching.
        self.names = {name_param}
        self.args_aliases = {args_param}
        for statement in _statements(info.node.body):
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1:
                    target = small.targets[0].target
                    value = small.value
                    if isinstance(value, cst.BooleanOperation):
                        value = value.left
                    if isinstance(target, cst.Name):
                        if dotted_name(value) in self.names:
                            self.names.add(target.value)
                        elif dotted_name(value) in self.args_aliases:
                            self.args_aliases.add(target.value)

    def discover(self) -> None:
        statements = list(_statements(self.info.node.body))
        if self._single_tool(statements):
            return
        found = self._branching(statements, [])
        if found is not None:
            before, branchings = found
            shared = self._shared(before)
            enforcement = self._central_policy(before)
            for branching in branchings:
                self._branches(branching, shared, enforcement)
            return
        # No branching: maybe a registry lookup `HANDLERS[name](arguments)`. Statements
        # before the one doing the lookup run for every tool.
        for position, statement in enumerate(statements):
            for node in _all_nodes([statement]):
                container = _lookup_container(node, self.names)
                if container is None:
                    continue
                value = self.owner.resolver.follow(container).expr
                if isinstance(value, cst.Dict):
                    self.owner.registry_entries(value, self._shared(statements[:position]))
                    return

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
                and _exits(statement.body)
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
            self._branch(names[0], test, body, shared, enforcement, statements[position + 1 :])
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
                branchings = [
                    s
                    for s in statements[position:]
                    if isinstance(s, (cst.If, cst.Match)) and self._branches_on_name(s)
                ]
                return outer + list(statements[:position]), branchings
            if isinstance(statement, (cst.Try, cst.With)):
                before = outer + list(statements[:position])
                inner = self._branching(_statements(statement.body), before)
                if inner is not None:
                    return inner
        return None

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
        if isinstance(comparison.operator, cst.In) and isinstance(
            right, (cst.Tuple, cst.List, cst.Set)
        ):
            values = [self._name_value(e.value) for e in right.elements]
            return [v for v in values if v]
        return []

    def _name_value(self, expr: cst.BaseExpression) -> str | None:
        return self.owner.resolver.name_value(expr)

    def _branches(
        self, branching: cst.If | cst.Match, shared: Shared, enforcement: str | None
    ) -> None:
        if isinstance(branching, cst.If):
            current: cst.If | cst.Else | None = branching
            while isinstance(current, cst.If):
                for name in self._test_names(current.test):
                    self._branch(name, current.test, current.body, shared, enforcement)
                current = current.orelse
            return
        for case in branching.cases:
            for name in self._pattern_names(case.pattern):
                self._branch(name, case.pattern, case.body, shared, enforcement)

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
        statements = list(_statements(body)) if statements is None else list(statements)
        target = self._delegate(statements)
        if isinstance(target, FunctionInfo):
            handler, sig = owner._function_handler(target, name, shared)
            schema = owner._schema_for(name, None, sig)
            tool = owner._tool(name, "dispatcher", anchor, handler, schema, None)
        else:
            handler = Handler(f"{self.info.label} branch '{name}'", body, anchor, self.args_param)
            scanner = HandlerScanner(
                owner.resolver, owner.config, self.args_param, name, also=self.args_aliases
            )
            before = shared.events(owner.resolver, owner.config, name)
            handler.events = before + scanner.scan(statements)
            schema = owner._schema_for(name, None, None)
            tool = owner._tool(name, "dispatcher", anchor, handler, schema, None)
            if isinstance(target, str):
                tool.handler = None
                tool.why_unresolved_handler = target
        tool.enforcement = enforcement

    def _delegate(self, statements: Sequence[cst.CSTNode]) -> FunctionInfo | str | None:
        """The module function a branch hands the raw arguments to, if any."""
        for node in _all_nodes(statements):
            if not isinstance(node, cst.Call):
                continue
            passes_args = any(
                isinstance(a.value, cst.Name)
                and a.value.value in self.args_aliases
                and a.star != "**"
                for a in node.args
            )
            if not passes_args:
                continue
            callee = dotted_name(node.func)
            if callee is None or self._is_helper_or_pure(callee):
                continue
            function = self.owner.index.function(callee.rsplit(".", 1)[-1])
            if function is not None and function.node is not self.info.node:
                return function
            imported = self.owner.index.imports.get(callee.split(".")[0])
            if imported is not None:
                found = self.owner.resolver.find_function(callee)
                if found is not None:
                    return found
                where = f"{'.' * imported.level}{imported.module}"
                return f"'{callee}' comes from {where}, which is not a module of this project"
        return None

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
        for node in _all_nodes(statements):
            if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)):
                continue
            if node.func.attr.value != "resolve":
                continue
            base = dotted_name(node.func.value) or ""
            bound = self.owner.index.bound_calls.get(base.rsplit(".", 1)[-1])
            constructor = dotted_name(bound.func) if bound is not None else None
            names = (constructor or "").split(".")
            if names and set(names) & policies:
                return f"{constructor} .resolve() in {self.info.label}"
        return None


def _exits(block: cst.BaseSuite) -> bool:
    """A block that only raises or returns."""
    statements = _statements(block)
    if len(statements) != 1 or not isinstance(statements[0], cst.SimpleStatementLine):
        return False
    return all(isinstance(small, (cst.Raise, cst.Return)) for small in statements[0].body)


def _super_init_name(init: cst.FunctionDef, resolver: Resolver) -> str | None:
    for node in _all_nodes(_statements(init.body)):
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "__init__"
            and isinstance(node.func.value, cst.Call)
            and dotted_name(node.func.value.func) == "super"
        ):
            written = keyword(node, "name") or keyword(node, "tool_name") or positional(node, 0)
            return resolver.name_value(written) if written is not None else None
    return None


def _server_of(expr: cst.BaseExpression, index: ModuleIndex, config: Config) -> str | None:
    """`mcp` for `@mcp.tool()` when `mcp` is a framework server built or imported here."""
    func = expr.func if isinstance(expr, cst.Call) else expr
    if not isinstance(func, cst.Attribute):
        return None
    base = dotted_name(func.value)
    if base is None:
        return None
    name = base.rsplit(".", 1)[-1]
    bound = index.bound_calls.get(name)
    if bound is not None and last_name(bound.func) in config.enforcement_calls:
        inner = positional(bound, 0)
        bound = inner if isinstance(inner, cst.Call) else None
    if bound is not None and index.constructs(bound, config.server_classes):
        return name
    if bound is None and name in index.imports:
        return name  # resolved against the defining module by discovery
    return None


def _statements(block: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    if isinstance(block, cst.IndentedBlock):
        return block.body
    return (
        [cst.SimpleStatementLine(body=block.body)]
        if isinstance(block, cst.SimpleStatementSuite)
        else []
    )


def _all_nodes(statements: Sequence[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    from toolargs.discovery.walk import walk

    for statement in statements:
        yield from walk(statement, into_scopes=False)


def _names_in(expr: cst.CSTNode) -> set[str]:
    return {n.value for n in _all_nodes([expr]) if isinstance(n, cst.Name)}


def _lookup_container(node: cst.CSTNode, names: set[str]) -> cst.BaseExpression | None:
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


def _is_request_params(param: cst.Param) -> bool:
    """The `params: CallToolRequestParams` of an SDK 2.x low-level handler."""
    if param.annotation is not None:
        annotation = dotted_name(param.annotation.annotation) or ""
        return annotation.rsplit(".", 1)[-1] == "CallToolRequestParams"
    return param.name.value in ("params", "request_params")
