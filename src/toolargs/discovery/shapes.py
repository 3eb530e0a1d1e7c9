"""The five handler shapes: decorated, dispatcher, registry, class-based, imperative."""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.dispatcher import Dispatcher, Shared, is_request_params
from toolargs.discovery.handler import HandlerScanner
from toolargs.discovery.index import LOWLEVEL_SERVERS, ClassInfo, FunctionInfo, ModuleIndex
from toolargs.discovery.literals import (
    bool_value,
    dict_get,
    dotted_name,
    keyword,
    last_name,
    positional,
    snippet,
    string_value,
)
from toolargs.discovery.project import ProjectIndex
from toolargs.discovery.schema import Resolver, ToolDecl
from toolargs.discovery.summaries import Registration, Scope, Summaries
from toolargs.discovery.signature import Signature, class_tool_name, is_abstract, signature
from toolargs.discovery.syntax import all_nodes, statements_of
from toolargs.discovery.walk import walk
from toolargs.flow.frameworks import is_protocol_method
from toolargs.mode import Annotations, classify
from toolargs.model import Handler, Schema, Shape, Tool
from toolargs.positions import positions
from toolargs.vocabulary import CALL_METHOD, DISPATCHER_NAMES, LIST_METHOD, REGISTRY_NAME

SCHEMA_KEYWORDS = ("input_schema", "inputSchema", "schema", "parameters")
SCHEMA_ATTRIBUTES = ("input_schema", "inputSchema", "schema", "args_schema", "parameters")
HANDLER_KEYS = ("handler", "fn", "func", "function", "callable", "callback")
# Packages whose names are never a project's list of tool definitions.
LIBRARY_PACKAGES = frozenset({"mcp", "fastmcp", "pydantic", "typing", "collections", "langchain"})


class Discoverer:
    """Finds every tool of a module, in each shape, and builds its model."""

    def __init__(
        self,
        index: ModuleIndex,
        resolver: Resolver,
        config: Config,
        file_decls: dict[str, ToolDecl],
        source: str | None = None,
    ) -> None:
        self.index = index
        self.resolver = resolver
        self.config = config
        self.file_decls = file_decls
        # Whether the module can answer JSON-RPC by hand: its text names "tools/call".
        self.answers_requests = source is None or CALL_METHOD in source
        # Whether its text names a tools request: it may be a hand-written server.
        self.names_requests = source is not None and (
            CALL_METHOD in source or LIST_METHOD in source
        )
        self.decls: dict[str, ToolDecl] = {}
        self._imported_decls_loaded = False
        # (class, method) -> whether calling it registers nothing (`_project_lookalike`)
        self._lookalikes: dict[tuple[int, str], bool] = {}
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

    def add_decls_of(self, index: ModuleIndex) -> None:
        """The tool descriptions of another module of the project whose code handles
        this module's tools (a dispatcher's helper)."""
        if index is self.index:
            return
        resolver = Resolver(index, self.config)
        for call, _ in index.calls:
            if last_name(call.func) == "Tool":
                self._add_decl(resolver.tool_decl(call))
        for literal in index.tool_dicts:
            self._add_decl(resolver.tool_decl(literal))

    def described_tools(self) -> list[str]:
        """Names of the tools the module describes (`Tool(...)`, tool dicts), also
        through constants imported from other modules of the project."""
        self.decl("")  # loads the imported descriptions once
        return [name for name in self.decls if name]

    def discover(self) -> list[Tool]:
        self._classes()
        self._decorated()
        self._dispatchers()
        self._jsonrpc_dispatchers()
        self._registries()
        self._imperative()
        self._through_sinks()
        self._tool_objects()
        self._definition_lists()
        return self.tools

    # --- building tools ---

    def new_tool(
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
            annotations=annotations,
            markers=markers,
        )
        self.tools.append(tool)
        return tool

    def schema_for(
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

    def function_handler(
        self,
        info: FunctionInfo,
        name: str,
        shared: Shared | None = None,
        arguments: str = "",
    ) -> tuple[Handler, Signature]:
        """The handler `info` is for tool `name`; `arguments`: the parameter a
        dispatcher hands the call's arguments in, whatever the signature looks like."""
        sig = signature(info.node, method=info.owner is not None)
        if arguments and arguments in info.params:
            sig = Signature(arguments, (), None)
        args_name = sig.args_name or sig.kwargs_name
        label = info.label
        resolver = self.resolver
        if info.index is not None and info.index is not self.index:
            resolver = Resolver(info.index, self.config)
            label = f"{info.label} in {info.index.path.name if info.index.path else '?'}"
        handler = Handler(label, info.node, info.node.name, sig.args_name, sig.params)
        handler.function = info if info.index is not None else self._located(info)
        if args_name is not None:
            scanner = HandlerScanner(
                resolver, self.config, args_name, name, sig.params, function=handler.function
            )
            handler.args_name = args_name
            before = shared.events(self.resolver, self.config, name) if shared else []
            handler.events = before + scanner.scan(statements_of(info.node.body))
        self._claimed.add(id(info.node))
        return handler, sig

    def _located(self, info: FunctionInfo) -> FunctionInfo:
        """`info` with the module it is defined in, when it was built without one."""
        for known in (*self.index.functions.values(), *self.index.methods):
            if known.node is info.node:
                return known
        if info.owner is not None and info.owner.index is not None:
            return info.owner.method_infos.get(info.name, info)
        return info

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
                func = call.func if call is not None else expr
                if isinstance(func, cst.Attribute) and self._project_lookalike(
                    func, info.enclosing
                ):
                    continue  # `@plugins.tool("compress")` on the project's own registry
                if isinstance(func, cst.Name) and self._agent_decorator(func.value):
                    continue
                name = info.name
                explicit = annotations = None
                written = None
                if call is not None:
                    written = keyword(call, "name") or positional(call, 0)
                    name = self.name_of(written) or name
                    explicit = keyword(call, *SCHEMA_KEYWORDS)
                    annotations = self.resolver.annotations(keyword(call, "annotations"))
                    if annotations is None:
                        annotations = self._hint_keywords(call)
                handler, sig = self.function_handler(info, name)
                schema = self.schema_for(name, explicit, sig)
                server = _server_of(expr, self.index, self.config)
                tags = self._tags(call)
                tool = self.new_tool(
                    name, "decorator", info.node.name, handler, schema, annotations, tags, server
                )
                tool.name_unread = written is not None and self.name_of(written) is None
                break

    def name_of(self, written: cst.BaseExpression | None) -> str | None:
        """A tool name as written: a string, a constant, a string enum member's value."""
        if written is None or isinstance(written, (cst.Name, cst.Attribute)) and (
            dotted_name(written) is None
        ):
            return None
        return self.resolver.name_value(written)

    def _hint_keywords(self, call: cst.Call) -> Annotations | None:
        """`@tool(read_only_hint=True)`-style keywords some frameworks take directly."""
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
        from toolargs.discovery.flow_link import call_handlers

        registered = {
            dotted_name(value)
            for call, _ in self.index.calls
            if (value := keyword(call, "on_call_tool")) is not None
        }
        candidates = list(self.index.functions.values()) + self.index.methods
        lines = call_handlers(self.index)
        if lines:  # what the value flow saw registered: its def line
            placed = positions(self.index.module, [i.node.name for i in candidates], None, None)
            registered.update(
                info.name for info in candidates
                if placed.get(id(info.node.name), (0,))[0] in lines
            )  # fmt: skip
        # Registered ones first: one that hands the call on to a dispatcher found by its
        # name (`_on_call_tool(ctx, params)` -> `call_tool(name, arguments)`) claims it.
        candidates.sort(key=lambda info: info.name not in registered)
        for info in candidates:
            if not (self._is_dispatcher(info) or info.name in registered):
                continue
            if id(info.node) in self._claimed:
                continue
            params = list(info.node.params.params)
            if info.owner is not None and params and params[0].name.value == "self":
                params = params[1:]
            if len(params) < 2:
                continue
            first, second = params[0], params[1]
            if is_request_params(second):
                # SDK 2.x: `call_tool(ctx, params)` with `params.name`, `params.arguments`.
                request = second.name.value
                name_expr, args_expr = f"{request}.name", f"{request}.arguments"
            else:
                name_expr, args_expr = first.name.value, second.name.value
            self._claimed.add(id(info.node))
            dispatcher = Dispatcher(self, info, name_expr, args_expr)
            dispatcher.server = self._dispatcher_server(info, registered)
            dispatcher.discover()

    def _jsonrpc_dispatchers(self) -> None:
        """A server written by hand: a function answering JSON-RPC requests whose branch
        for "tools/call" reads the tool's name and arguments from the request's params
        (there, or in the function the branch hands the params to) and dispatches on the
        name, as a low-level `call_tool(name, arguments)` does."""
        if not self.answers_requests:
            return
        candidates = [*self.index.functions.values(), *self.index.methods]
        for info in candidates:
            if id(info.node) in self._claimed:
                continue
            for body in _method_branches(info.node, CALL_METHOD):
                found = _call_params(body)
                target = info
                if found is None:
                    forwarded = self._params_handed_to(body, info)
                    if forwarded is None:
                        continue
                    target, found = forwarded
                    if id(target.node) in self._claimed:
                        continue
                else:
                    target = replace(info, node=info.node.with_changes(body=body))
                self._claimed.add(id(target.node))
                Dispatcher(self, target, *found).discover()

    def _params_handed_to(
        self, body: cst.BaseSuite, info: FunctionInfo
    ) -> tuple[FunctionInfo, tuple[str, str]] | None:
        """`return self._handle_tools_call(req_id, params)`: the function the branch calls
        that reads the name and arguments from one of its parameters."""
        project = self.index.project
        if project is None:
            return None
        for node in walk(body):
            if not isinstance(node, cst.Call):
                continue
            callee = project.resolve_call(node, info)
            if callee is None or callee.node is info.node:
                continue
            found = _call_params(callee.node.body)
            if found is not None:
                return callee, found
        return None

    def _dispatcher_server(self, info: FunctionInfo, registered: set[str | None]) -> str | None:
        """The server whose `@server.call_tool()` decorates it, or whose constructor
        takes it as `on_call_tool=`."""
        for decorator in info.node.decorators:
            if last_name(decorator.decorator) in self.config.dispatcher_decorators:
                return _server_of(decorator.decorator, self.index, self.config)
        if info.name in registered:
            for name, call in self.index.bound_calls.items():
                if dotted_name(keyword(call, "on_call_tool") or call) == info.name:
                    return name
        return None

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
            if not REGISTRY_NAME.search(name):
                continue
            if self._action_table(name):
                continue
            if isinstance(value, cst.Dict):
                self.registry_entries(value)
            elif isinstance(value, cst.DictComp):
                self._comprehension_registry(value)
        for function in self.index.functions.values():
            if function.parent is not None or not REGISTRY_NAME.search(function.node.name.value):
                continue
            for line in statements_of(function.node.body):
                for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
                    returned = small.value if isinstance(small, cst.Return) else None
                    if isinstance(returned, cst.DictComp):  # def tools(api): return {...}
                        self._comprehension_registry(returned, function)

    def _action_table(self, name: str) -> bool:
        """Whether the module reads the constant `name` only inside the handlers of tools
        found already (`handler = _ACTIONS.get(action)` in an `@mcp.tool` function taking
        `action`): a table of one tool's actions, not tools of their own."""
        handlers = [
            t.handler.node for t in self.tools
            if t.handler is not None and isinstance(t.handler.node, cst.FunctionDef)
            and (t.handler.function is None or t.handler.function.index is self.index)
        ]  # fmt: skip
        if not handlers:
            return False
        inside = sum(
            1 for handler in handlers for node in walk(handler.body)
            if isinstance(node, cst.Name) and node.value == name
        )  # fmt: skip
        if not inside:
            return False
        everywhere = sum(
            1 for node in walk(self.index.module)
            if isinstance(node, cst.Name) and node.value == name
        )  # fmt: skip
        return everywhere - inside <= 1  # its own assignment's target

    def registry_entries(self, value: cst.Dict, shared: Shared | None = None) -> None:
        items = self._registry_items(value, self.index, 0)
        if any(is_protocol_method(name) for name, _, _, _ in items):
            return  # `{"initialize": ..., "tools/call": ...}`: a JSON-RPC server's methods
        for tool_name, target, index, anchor in items:
            self.registry_entry(tool_name, target, shared, index, anchor)

    def _registry_items(
        self, value: cst.Dict, index: ModuleIndex, depth: int
    ) -> list[tuple[str, cst.BaseExpression, ModuleIndex, cst.CSTNode | None]]:
        """Entries of a registry literal, `**OTHER` spreads followed into the modules
        they come from (each entry with its module, and where it is reported here)."""
        items: list[tuple[str, cst.BaseExpression, ModuleIndex, cst.CSTNode | None]] = []
        for element in value.elements:
            if isinstance(element, cst.StarredDictElement):
                if depth >= 4:
                    continue
                resolver = self.resolver if index is self.index else Resolver(index, self.config)
                spread = resolver.follow(element.value)
                if spread.index is not self.index and REGISTRY_NAME.search(spread.name or ""):
                    continue  # a registry of its own module, reported there
                if isinstance(spread.expr, cst.Dict):
                    inner = self._registry_items(spread.expr, spread.index, depth + 1)
                    local = spread.index is self.index
                    items += [(n, t, i, a if local else element) for n, t, i, a in inner]
                continue
            assert isinstance(element, cst.DictElement)
            resolver = self.resolver if index is self.index else Resolver(index, self.config)
            key = resolver.name_value(element.key, index)
            if key is not None:
                items.append((key, element.value, index, element.key))
        return items

    def _comprehension_registry(
        self, value: cst.DictComp, function: FunctionInfo | None = None
    ) -> None:
        """`{name: getattr(obj, name) for name in NAMES}`: one tool per name of NAMES."""
        project = self.index.project
        loop = value.for_in
        if project is None or not isinstance(loop.target, cst.Name) or loop.ifs:
            return
        variable = loop.target.value
        getter = value.value
        if not (
            isinstance(value.key, cst.Name)
            and value.key.value == variable
            and isinstance(getter, cst.Call)
            and dotted_name(getter.func) == "getattr"
            and len(getter.args) >= 2
            and dotted_name(getter.args[1].value) == variable
        ):
            return
        names = self.resolver.known_args(loop.iter).keys or ()
        owner = project.definition(getter.args[0].value, self.index, function)
        for name in names:
            found = project.member(owner, name)
            if isinstance(found, FunctionInfo) and id(found.node) not in self._claimed:
                local = found.index is self.index
                self._registry_function(name, found, None, value if not local else None)

    def registry_entry(
        self,
        tool_name: str,
        target: cst.BaseExpression,
        shared: Shared | None,
        index: ModuleIndex | None = None,
        anchor: cst.CSTNode | None = None,
    ) -> bool:
        index = index or self.index
        described: cst.Dict | None = None
        if isinstance(target, cst.Tuple) and target.elements:
            # {"search": (tool_search, {"type": "object", ...})}: the handler, then its
            # input schema
            parts = [element.value for element in target.elements]
            schema = next((p for p in parts[1:] if _schema_literal(p)), None)
            if schema is not None:
                described = cst.Dict([cst.DictElement(cst.SimpleString('"inputSchema"'), schema)])
            target = parts[0]
        if isinstance(target, cst.Dict):  # {"handler": fn, "schema": ..., ...}
            described = target
            handler = next(
                (v for k in HANDLER_KEYS if (v := dict_get(target, k)) is not None), None
            )
            if handler is None:
                return False
            target = handler
        if isinstance(target, cst.Call):  # SomeHandler()
            target = target.func
        name = dotted_name(target)
        if name is None:
            return False
        function = index.function(name) if "." not in name else None
        project = self.index.project
        if function is None and project is not None:
            found_def = project.definition(target, index, None)
            function = found_def if isinstance(found_def, FunctionInfo) else None
        if function is not None:
            if id(function.node) in self._claimed:
                return True
            here = anchor if function.index is not self.index else None
            self._registry_function(tool_name, function, shared, here, described, index)
            return True
        found = self.resolver.find_class(target, index)
        if found is not None and found[1] is self.index:
            return id(found[0].node) in self._claimed or self._class_tool(
                found[0], tool_name, "registry"
            )
        return False

    def _registry_function(
        self,
        tool_name: str,
        function: FunctionInfo,
        shared: Shared | None,
        anchor: cst.CSTNode | None = None,
        described: cst.Dict | None = None,
        index: ModuleIndex | None = None,
    ) -> None:
        handler, sig = self.function_handler(function, tool_name, shared)
        explicit = annotations = None
        if described is not None:
            explicit = next(
                (v for k in SCHEMA_ATTRIBUTES if (v := dict_get(described, k)) is not None),
                None,
            )
            annotations = dict_get(described, "annotations")
        resolver = self.resolver
        if index is not None and index is not self.index:
            resolver = Resolver(index, self.config)
        if explicit is not None:
            schema = resolver.schema(explicit, "registry entry")
        else:
            schema = self.schema_for(tool_name, None, sig)
        self.new_tool(
            tool_name,
            "registry",
            anchor if anchor is not None else function.node.name,
            handler,
            schema,
            resolver.annotations(annotations),
        )

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
        if method is None or owner is None or is_abstract(method):
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
        handler, sig = self.function_handler(info, name)
        handler.label = f"{cls.name}.{method.name.value}"
        schema = decl.schema if decl else self._class_schema(chain, name, sig)
        markers = tuple(sorted(bases))
        annotations = decl.annotations if decl else self._class_annotations(chain)
        self.new_tool(
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
            described = _metadata_name(current)
            if described:
                return described
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
                    closed = True if self.resolver.forbids_extra(*model) else None
                    fields = self.resolver.model_fields(*model)
                    return Schema(fields, f"model {model[0].name}", value, closed=closed)
                return self.resolver.schema(value, f"class attribute {attribute}")
        return self.schema_for(name, None, sig)

    def _class_annotations(self, chain: list[tuple[ClassInfo, ModuleIndex]]) -> Annotations | None:
        for current, _ in chain:
            value = current.attributes.get("annotations")
            if value is not None:
                return self.resolver.annotations(value)
        return None

    # --- 5. imperative registration ---

    def _imperative(self) -> None:
        names = set(self.config.registration_calls) | set(self.config.tool_decorators)
        for call, enclosing in self.index.calls:
            if last_name(call.func) not in names or not isinstance(call.func, cst.Attribute):
                continue
            if _is_super(call.func.value):
                continue  # a server subclass's sink handing on what its callers register
            if self._project_lookalike(call.func, enclosing):
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
            name = self.name_of(keyword(named, "name")) or function.name
            handler, sig = self.function_handler(function, name)
            schema = self.schema_for(name, keyword(named, *SCHEMA_KEYWORDS), sig)
            annotations = self.resolver.annotations(keyword(named, "annotations"))
            server = _server_of(call.func, self.index, self.config)
            # A function of another module has no line here: point at the registration.
            local = function.index is None or function.index is self.index
            anchor = function.node.name if local else call
            tool = self.new_tool(
                name, "imperative", anchor, handler, schema, annotations, (), server
            )
            written_name = keyword(named, "name")
            tool.name_unread = written_name is not None and self.name_of(written_name) is None

    def _project_lookalike(self, func: cst.Attribute, enclosing: FunctionInfo | None) -> bool:
        """Whether `receiver.register_tool(f)` calls a method of the project's own class
        none of whose methods registers anything with a framework
        (`SplunkToolRegistry.register_tool` keeping agent functions in a list): a
        look-alike of a registration sink. The receiver's class is read from what it is
        built from or its parameter's annotation; one with a base outside the project may
        inherit the framework's sink, and a method that calls a registration or tool
        decorator hands it on."""
        receiver = func.value
        built: cst.BaseExpression | None = None
        if isinstance(receiver, cst.Name) and enclosing is not None:
            params = enclosing.node.params
            for param in (*params.params, *params.kwonly_params):
                if param.name.value == receiver.value and param.annotation is not None:
                    built = param.annotation.annotation
        if built is None:
            value = self.resolver.follow(receiver).expr
            built = value.func if isinstance(value, cst.Call) else None
        found = self.resolver.find_class(built) if built is not None else None
        if found is None:
            return False
        key = (id(found[0].node), func.attr.value)
        if key not in self._lookalikes:  # once per class and method, not per call site
            self._lookalikes[key] = self._registers_nothing(found, func.attr.value)
        return self._lookalikes[key]

    def _registers_nothing(self, found: tuple[ClassInfo, ModuleIndex], method: str) -> bool:
        """Whether the project class defines `method` and none of its methods calls a
        registration or tool decorator, with no base outside the project."""
        chain = list(self.resolver.class_chain(*found))
        if not any(method in c.methods for c, _ in chain):
            return False
        known = {c.name for c, _ in chain}
        bases = {base for c, _ in chain for base in c.base_names}
        if bases - known - {"object", "ABC", "Generic", "Protocol"}:
            return False
        # Any method of the class that calls a registration or tool decorator may be
        # what this one hands the function on to (`readonly` -> `self._register` ->
        # `self.server.tool(...)`).
        names = set(self.config.registration_calls) | set(self.config.tool_decorators)
        return not any(
            isinstance(node, cst.Call) and last_name(node.func) in names
            or isinstance(node, cst.Decorator)
            for cls, _ in chain
            for defined_method in cls.methods.values()
            for node in walk(defined_method.body)
        )

    def _agent_decorator(self, name: str) -> bool:
        """Whether a bare decorator (`@tool`) comes from an agent library
        (`from langchain_core.tools import tool`): that library's tool, which no MCP
        server registers by itself."""
        imported = self.index.imports.get(name)
        if imported is None or imported.level > 0:
            return False
        return imported.module.split(".", 1)[0] in AGENT_LIBRARIES

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
        """A registration whose function the checker cannot follow: reported, not skipped.

        Only a call that names its tool (`name="..."`) is taken for an MCP registration:
        `add_tool` is a common method name elsewhere too.
        """
        name = self.name_of(keyword(named, "name"))
        if name is None or name in {tool.name for tool in self.tools}:
            return
        schema = self.schema_for(name, keyword(named, *SCHEMA_KEYWORDS), None)
        annotations = self.resolver.annotations(keyword(named, "annotations"))
        server = _server_of(call.func, self.index, self.config)
        tool = self.new_tool(name, "imperative", call, None, schema, annotations, (), server)
        tool.why_unresolved_handler = f"`{snippet(target)}` is not a function of this project"

    # --- 6. anything else that reaches a registration sink ---

    def _through_sinks(self) -> None:
        """Decorators and calls that register a function through a project's own
        wrappers, decorator factories or a framework decorator called as a function."""
        project = self.index.project
        if project is None:
            return
        sinks = Summaries(project, self.config)
        for info in self.index.decorated:
            if id(info.node) in self._claimed:
                continue
            scope = Scope(self.index, info.enclosing)
            for decorator in info.node.decorators:
                expr = decorator.decorator
                func = expr.func if isinstance(expr, cst.Call) else expr
                if isinstance(func, cst.Attribute) and self._project_lookalike(
                    func, info.enclosing
                ):
                    continue
                found = sinks.registrar(decorator.decorator, scope)
                if found is not None:
                    self._sink_tool(sinks, info, found, info.node.name, "decorator")
                    break
        for call, function in self.index.registrations:
            framework_call = isinstance(call.func, cst.Call)  # `mcp.tool(...)(anything)`
            if not framework_call and not self._may_name_function(call.args[0].value, function):
                continue
            if isinstance(call.func, cst.Attribute) and self._project_lookalike(
                call.func, function
            ):
                continue
            scope = Scope(self.index, function)
            registered = sinks.registered(call, scope)
            if registered is None:
                continue
            target, found = registered
            if function is not None and _param_of(target, function):
                continue  # the body of a sink wrapper: its call sites register
            registered_function = self._registered_function(project, target, function)
            looped = self._loop_functions(project, target, function, call)
            if registered_function is None and looped:
                for info in looped:  # `for tool in READ_TOOLS: add_read_only_tool(mcp, tool)`
                    if id(info.node) not in self._claimed:
                        here = info.node.name if info.index is self.index else call
                        self._sink_tool(sinks, info, found, here, "imperative")
                continue
            if registered_function is None:
                name = sinks.string(found.name)
                if name is not None and name not in {t.name for t in self.tools}:
                    schema = self.schema_for(name, None, None)
                    annotations = sinks.annotations(found.annotations)
                    tool = self.new_tool(
                        name, "imperative", call, None, schema, annotations, (), found.server
                    )
                    tool.why_unresolved_handler = (
                        f"`{snippet(target)}` is not a function of this project"
                    )
                continue
            info = registered_function
            if id(info.node) in self._claimed:
                continue
            local = info.index is None or info.index is self.index
            self._sink_tool(sinks, info, found, info.node.name if local else call, "imperative")

    def _tool_objects(self) -> None:
        """Objects of a project class carrying a name, a schema and a handler
        (`ToolDef(name="x", input_schema=..., handler=fn)`, a dataclass or pydantic model
        that a dispatcher looks up by name)."""
        project = self.index.project
        if project is None:
            return
        for call, function in self.index.tool_objects:
            cls = project.definition(call.func, self.index, function)
            if not isinstance(cls, ClassInfo):
                continue
            fields = _field_names(cls, project)
            written = keyword(call, "name")
            handler_expr = next(
                (v for k in HANDLER_KEYS if (v := keyword(call, k)) is not None), None
            )
            schema_expr = keyword(call, *SCHEMA_ATTRIBUTES)
            if written is None or handler_expr is None or "name" not in fields:
                continue
            if schema_expr is None and "tool" not in cls.name.lower():
                continue  # a name and a callback alone: a route, a command, a job...
            name = self.resolver.name_value(written)
            target = project.definition(handler_expr, self.index, function)
            if name is None or not isinstance(target, FunctionInfo):
                continue
            if id(target.node) in self._claimed:
                continue
            handler, sig = self.function_handler(target, name)
            if schema_expr is not None:
                schema = self.resolver.schema(schema_expr, f"{cls.name}(...)")
            else:
                schema = self.schema_for(name, None, sig)
            annotations = self.resolver.annotations(keyword(call, "annotations"))
            if annotations is None:  # `read_only=False` on the object: the hint it serves
                annotations = self._hint_keywords(call)
            local = target.index is self.index
            anchor = target.node.name if local else written
            self.new_tool(name, "registry", anchor, handler, schema, annotations)

    def _definition_lists(self) -> None:
        """Tool definitions kept in lists and registered by a loop elsewhere: functions
        a project decorator turns into definition objects (`@defn(read_only_hint=True)`)
        listed in a module constant, or objects built with a handler field
        (`ToolDef(fn=f, ...)`) in a factory's list; the list, or a comprehension over it,
        is handed to a function whose loop registers each element's handler, name and
        annotations (`for d in defs: mcp.add_tool(fn=d.fn, name=..., annotations=...)`).

        Only a module holding such a list is searched, and only calls whose arguments
        mention the list (or a local built from it)."""
        project = self.index.project
        if project is None:
            return
        sources = self._definition_sources()
        if not sources:
            return
        sinks = Summaries(project, self.config)
        built = {id(call) for call, _ in self.index.tool_objects}  # `Spec(fn=f, ...)`
        scopes: list[FunctionInfo | None] = [None, *self.index.functions.values()]
        scopes += self.index.methods
        for function in scopes:
            if function is not None and function.index is not self.index:
                continue
            node: cst.CSTNode = function.node if function is not None else self.index.module
            mentioned = set(sources)
            if function is not None:
                mentioned |= {
                    name
                    for name, value in function.locals.items()
                    if _mentions(value, sources, built)
                }
            for call in _own_calls(node):
                if not any(_mentions(a.value, mentioned, built) for a in call.args):
                    continue
                scope = Scope(self.index, function)
                for target, found in sinks.registered_elements(call, scope):
                    info = sinks.handler(target)
                    if info is None or id(info.node) in self._claimed:
                        continue
                    name = sinks.text(found.name) if found.name is not None else info.name
                    if name is None:
                        continue
                    local = info.index is None or info.index is self.index
                    anchor = info.node.name if local else call
                    self._sink_tool(sinks, info, found, anchor, "registry", name)

    def _definition_sources(self) -> set[str]:
        """Names of module constants listing functions decorated here by a decorator that
        is no framework's, of functions and constants building objects with a handler
        field, and of registry-named lists imported from the project."""
        decorated = {
            info.name
            for info in self.index.decorated
            if info.parent is None
            and id(info.node) not in self._claimed
            and any(
                last_name(d.decorator) not in self.config.tool_decorators
                for d in info.node.decorators
            )
        }
        # Lists imported from another module of the project (`from .tools import
        # PRODUCT_TOOLS`), handed to the loop here.
        found: set[str] = {
            name
            for name, imported in self.index.imports.items()
            if REGISTRY_NAME.search(name)
            and imported.name
            and not (name[0].isupper() and not name.isupper())  # a class, not a list
            and (imported.level or imported.module.split(".")[0] not in LIBRARY_PACKAGES)
        }
        functions = self.index.functions
        for name, value in self.index.constants.items():
            if type(value) not in (cst.List, cst.Tuple):
                continue
            for element in value.elements:  # type: ignore[attr-defined]
                item = element.value
                if type(item) is cst.Name and _name_of_node(item) in decorated:
                    found.add(name)  # `TOOLS = [search, ...]` of decorated functions
                    break
                if type(item) is cst.Call and any(  # `[Spec("search", search, ...), ...]`
                    type(a.value) is cst.Name and _name_of_node(a.value) in functions
                    for a in item.args
                ):
                    found.add(name)
                    break
        at_module: set[int] = set()
        for call, function in self.index.tool_objects:
            outer = function
            while outer is not None and outer.enclosing is not None:
                outer = outer.enclosing
            if outer is None:
                at_module.add(id(call))
            elif outer.owner is None:
                found.add(outer.name)
        if at_module:  # `SPECS = [Spec(fn=search, ...), ...]`
            for name, value in self.index.constants.items():
                if _mentions(value, set(), at_module):
                    found.add(name)
        return found

    def _may_name_function(self, expr: cst.BaseExpression, function: FunctionInfo | None) -> bool:
        """A cheap test before resolving: `expr` (or what it wraps) names a function of
        the project, a method (`self.get_thing`) or an import; not a literal or a local
        value of the scope."""
        for _ in range(3):
            if isinstance(expr, cst.Call):
                if not expr.args:
                    return False
                expr = expr.args[0].value
                continue
            if isinstance(expr, cst.Attribute):
                return True
            if not isinstance(expr, cst.Name):
                return False
            name = expr.value
            scope = function
            while scope is not None:
                if name in scope.nested:
                    return True
                if name in scope.locals or name in scope.params:
                    return name in scope.locals and isinstance(
                        scope.locals[name], (cst.Name, cst.Attribute, cst.Call)
                    )
                scope = scope.enclosing
            return (
                name in self.index.functions
                or name in self.index.imports
                or name in self.index.constants
            )
        return False

    def _loop_functions(
        self,
        project: ProjectIndex,
        target: cst.BaseExpression,
        function: FunctionInfo | None,
        call: cst.Call,
    ) -> list[FunctionInfo]:
        """The functions a loop variable takes, when the registration runs in a `for`
        over a list of functions (a literal, a constant, one imported, `a + b`)."""
        if not isinstance(target, cst.Name):
            return []
        scope: cst.CSTNode = function.node if function is not None else self.index.module
        loop: cst.For | None = None
        for node in walk(scope, into_scopes=False):
            if (
                isinstance(node, cst.For)
                and isinstance(node.target, cst.Name)
                and node.target.value == target.value
                and any(inner is call for inner in walk(node.body, into_scopes=False))
            ):
                loop = node  # the innermost loop around the registration wins
        if loop is None:
            return []
        found: list[FunctionInfo] = []
        pending: list[tuple[cst.BaseExpression, ModuleIndex]] = [(loop.iter, self.index)]
        while pending and len(found) < 512:
            expr, index = pending.pop(0)
            if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
                pending += [(expr.left, index), (expr.right, index)]
                continue
            resolver = self.resolver if index is self.index else Resolver(index, self.config)
            resolved = resolver.follow(expr)
            value = resolved.expr
            if isinstance(value, (cst.List, cst.Tuple)):
                for element in value.elements:
                    if isinstance(element, cst.StarredElement):
                        pending.append((element.value, resolved.index))
                        continue
                    info = project.definition(element.value, resolved.index, None)
                    if isinstance(info, FunctionInfo):
                        found.append(info)
            elif isinstance(value, cst.BinaryOperation) and value is not expr:
                pending.append((value, resolved.index))
        return found

    def _registered_function(
        self, project: ProjectIndex, target: cst.BaseExpression, function: FunctionInfo | None
    ) -> FunctionInfo | None:
        for _ in range(4):
            if isinstance(target, cst.Name) and function is not None and (
                target.value in function.rebound
            ):
                # `fn = _make_a(); add_tool(fn, ...); fn = _make_b()`: which value a use
                # reads is value flow's to say (flow_link.add_unfound), not the first's
                return None
            found = project.definition(target, self.index, function)
            if isinstance(found, FunctionInfo):
                return found
            if isinstance(target, cst.Call) and target.args:
                target = target.args[0].value  # wrap(fn), partial(fn, ...)
                continue
            return None
        return None

    def _sink_tool(
        self,
        sinks: Summaries,
        info: FunctionInfo,
        found: Registration,
        anchor: cst.CSTNode,
        shape: Shape,
        name: str | None = None,
    ) -> None:
        written = sinks.string(found.name)
        unread = name is None and found.name is not None and written is None
        name = name or written or info.name
        handler, sig = self.function_handler(info, name)
        explicit = found.schema.expr if found.schema is not None else None
        schema = self.schema_for(name, explicit, sig)
        annotations = sinks.annotations(found.annotations)
        if annotations is None:
            hints = found.keywords
            read_only = sinks.boolean(
                hints.get("readOnlyHint") or hints.get("read_only_hint") or hints.get("read_only")
            )
            destructive = sinks.boolean(
                hints.get("destructiveHint") or hints.get("destructive_hint")
            )
            if read_only is not None or destructive is not None:
                annotations = Annotations(read_only, destructive, "decorator keywords")
        server = found.server
        if server is not None and _server_of(
            cst.Attribute(cst.Name(server), cst.Name("tool")), self.index, self.config
        ) is None:
            server = None
        tags = found.keywords.get("tags")
        markers: tuple[str, ...] = ()
        if tags is not None:
            known = self.resolver.known_args(tags.expr)
            markers = known.keys if known.keys else ()
        tool = self.new_tool(name, shape, anchor, handler, schema, annotations, markers, server)
        tool.name_unread = unread


def _method_branches(function: cst.FunctionDef, method: str) -> list[cst.BaseSuite]:
    """The bodies of the branches of `function` taken for JSON-RPC `method`: `if m ==
    "tools/call":`, `elif m in ("tools/call", ...)`, `case "tools/call":`."""
    found: list[cst.BaseSuite] = []
    for node in walk(function.body):
        if isinstance(node, cst.If) and _tests_literal(node.test, method):
            found.append(node.body)
        elif isinstance(node, cst.MatchCase) and any(
            string_value(s) == method
            for s in walk(node.pattern)
            if isinstance(s, cst.SimpleString)
        ):
            found.append(node.body)
    return found


def _tests_literal(test: cst.BaseExpression, literal: str) -> bool:
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    target = test.comparisons[0]
    if isinstance(target.operator, cst.Equal):
        return any(string_value(side) == literal for side in (test.left, target.comparator))
    options = target.comparator
    if isinstance(target.operator, cst.In) and isinstance(options, (cst.Tuple, cst.List, cst.Set)):
        return any(string_value(e.value) == literal for e in options.elements)
    return False


def _call_params(body: cst.BaseSuite) -> tuple[str, str] | None:
    """The names bound to a tools/call request's tool name and arguments in `body`:
    `name = params.get("name")`, `arguments = params.get("arguments") or {}` (or
    `params["name"]`)."""
    name = arguments = None
    for node in walk(body):
        if not isinstance(node, cst.Assign) or len(node.targets) != 1:
            continue
        target = node.targets[0].target
        if not isinstance(target, cst.Name):
            continue
        value = node.value
        if isinstance(value, cst.BooleanOperation):
            value = value.left
        key = _key_read(value)
        if key == "name" and name is None:
            name = target.value
        elif key == "arguments" and arguments is None:
            arguments = target.value
    return (name, arguments) if name and arguments else None


def _key_read(value: cst.BaseExpression) -> str | None:
    """"name" for `params.get("name")`, `params.get("name", "")` or `params["name"]`."""
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute):
        if value.func.attr.value == "get" and value.args:
            return string_value(value.args[0].value)
    if isinstance(value, cst.Subscript) and len(value.slice) == 1:
        index = value.slice[0].slice
        if isinstance(index, cst.Index):
            return string_value(index.value)
    return None


def _mentions(expr: cst.BaseExpression, names: set[str], calls: set[int]) -> bool:
    """Whether `expr` uses one of `names` or holds one of `calls` (a bounded look at an
    argument)."""
    for count, node in enumerate(walk(expr)):
        if count > 4096:
            return False
        kind = type(node)
        if kind is cst.Name and _name_of_node(node) in names or kind is cst.Call and (
            id(node) in calls
        ):
            return True
    return False


def _is_super(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and (
        node.func.value == "super"
    )


def _name_of_node(node: cst.CSTNode) -> str | None:
    return node.value if isinstance(node, cst.Name) else None


def _own_calls(node: cst.CSTNode) -> list[cst.Call]:
    """Calls made in a function body or at module level (not in nested scopes)."""
    body = node.body if isinstance(node, cst.FunctionDef) else node
    return [n for n in walk(body, into_scopes=False) if type(n) is cst.Call]


def _param_of(target: cst.BaseExpression, function: FunctionInfo) -> bool:
    """Whether `target` is (or wraps) a parameter of `function`: what a sink wrapper
    registers is whatever its callers pass."""
    for _ in range(4):
        if isinstance(target, cst.Name):
            return target.value in function.params
        if not isinstance(target, cst.Call) or not target.args:
            return False
        target = target.args[0].value
    return False


def _field_names(cls: ClassInfo, project: ProjectIndex) -> set[str]:
    """Fields of a dataclass or model (annotated class attributes) and `__init__`
    parameters, through the project's base classes."""
    names: set[str] = set()
    for current in project.class_chain(cls):
        for node in current.annotated:
            if isinstance(node.target, cst.Name):
                names.add(node.target.value)
        init = current.method_infos.get("__init__")
        if init is not None:
            names.update(init.params)
    return names


def _super_init_name(init: cst.FunctionDef, resolver: Resolver) -> str | None:
    for node in all_nodes(statements_of(init.body)):
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
    if bound is not None and index.constructs(bound, (*config.server_classes, *LOWLEVEL_SERVERS)):
        return name
    if bound is not None and _server_subclass(bound, index, config):
        return name
    if bound is None and name in index.imports:
        return name  # resolved against the defining module by discovery
    return None


def _server_subclass(call: cst.Call, index: ModuleIndex, config: Config) -> bool:
    """`jira = ErrorPreservingFastMCP(...)`: a project class derived from a framework server."""
    project = index.project
    if not isinstance(project, ProjectIndex):
        return False
    found = project.definition(call.func, index, None)
    if not isinstance(found, ClassInfo):
        return False
    known = (*config.server_classes, *LOWLEVEL_SERVERS)
    for cls in project.class_chain(found):
        for base in cls.node.bases:
            value = base.value.value if isinstance(base.value, cst.Subscript) else base.value
            written = last_name(value)
            if cls.index is not None and written and cls.index.original_name(written) in known:
                return True
    return False


# Agent libraries whose `@tool` makes a tool for their own agents, not for an MCP server
# (an MCP server registers such a function only through its own sink, which the analysis
# reads where it is).
AGENT_LIBRARIES = frozenset(
    """langchain langchain_core langchain_community agents crewai crewai_tools smolagents
    llama_index autogen autogen_core pydantic_ai strands haystack semantic_kernel
    agno phi""".split()
)


# Class attributes describing a tool class (`METADATA = ToolMetadata(name="run_search",
# ...)`), by the words of their names.
METADATA_WORDS = frozenset({"metadata", "meta", "spec", "definition", "descriptor", "info"})


def _metadata_name(cls: ClassInfo) -> str | None:
    """The `name=` a class attribute describing the tool gives it (`METADATA =
    ToolMetadata(name="run_search", description=...)`): what a loader registers the
    class under, in place of its snake-cased class name."""
    for attribute, value in cls.attributes.items():
        if not isinstance(value, cst.Call):
            continue
        if not set(attribute.lower().split("_")) & METADATA_WORDS:
            continue
        found = string_value(keyword(value, "name"))
        if found:
            return found
    return None


def _schema_literal(expr: cst.BaseExpression) -> bool:
    """A dict literal written as a JSON schema: with `"type"` or `"properties"`."""
    return isinstance(expr, cst.Dict) and any(
        dict_get(expr, key) is not None for key in ("type", "properties")
    )
