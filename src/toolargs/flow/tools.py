"""Tools read off the value-flow analysis: what reached a framework sink, and how.

A tool exists only where a registration sink of a known framework was reached with a
server value at its receiver: a look-alike that no framework receives gives nothing.
Names, servers and handlers are the values that flowed there, in that registration's
context; a name that is Unknown is reported, never guessed.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from toolargs.discovery.literals import parameter_names
from toolargs.flow import frameworks as fw
from toolargs.flow.engine import ARGUMENTS, NOTHING, Engine, Registration, Values
from toolargs.flow.rejection import override_rejects_unknown_keys, rejects_unknown_keys
from toolargs.flow.values import (
    ELEMENT,
    KEYS,
    Bound,
    Class,
    Const,
    Container,
    External,
    Func,
    Module,
    Object,
    Partial,
    Unknown,
    Value,
)
from toolargs.discovery.walk import walk
from toolargs.model import Place
from toolargs.positions import positions

MAX_DEPTH = 8  # lists of lists of tools followed
HAND_WRITTEN = External(fw.HAND_WRITTEN)


@dataclass(frozen=True)
class FlowTool:
    name: str
    server: Object | None  # None: the server comes from outside the package
    framework: str
    handler: Func | None
    registration: Place
    server_place: Place | None
    handler_place: Place | None
    server_name: str = ""  # the name the server is bound to where it is built
    read_only: bool | None = None  # the annotations the registration gives, when known
    destructive: bool | None = None
    arguments: str = ""  # a dispatched handler's parameter holding the call's arguments
    # What the server runs around every call that rejects unknown keys before the tool
    # does ("StrictArguments.intercept_tool_call"), "" when nothing the analysis sees.
    rejected_by: str = ""
    # The registration's annotations are several values that disagree on readOnlyHint
    # (`annotations=LOCAL if fn in LOCAL_TOOLS else READ_ONLY`): chosen per tool at run
    # time, so they decide nothing here.
    read_only_varies: bool = False
    # The outermost server `server` is mounted into (`parent.mount(child, namespace=..)`,
    # through every level), where it is built and the name it is bound to there: its
    # middleware runs for this tool.
    parent_place: Place | None = None
    parent_name: str = ""
    # A low-level tool's listed input schema, where the analysis read it: its top-level
    # property names, and `additionalProperties` (None: not said).
    properties: tuple[str, ...] | None = None
    closed: bool | None = None
    # The transform that hides it from its server's `tools/list` (fastmcp's CodeMode,
    # listing tools of its own instead), by class name; "" when none does.
    hidden_by: str = ""
    # The names the handler reads from the functions around it that hold instances of
    # one project class (`manager` in `def register(mcp, manager): @mcp.tool() def
    # f(): manager.delete(...)`, handed `ArchiveManager()`): (name, the class's place,
    # its name), for what the effect analysis cannot tell from annotations.
    receivers: tuple[tuple[str, Place, str], ...] = ()


@dataclass(frozen=True)
class Unresolved:
    code: str  # TAV902: a name that is Unknown; TAV904: a server from outside
    place: Place
    why: str


@dataclass(frozen=True)
class CallHandler:
    """A function a low-level server calls for every tool (`call_tool`, `on_call_tool=`,
    `add_request_handler("tools/call", ...)`): the branches for each tool are in it."""

    function: Func
    server: Object
    place: Place | None
    server_place: Place | None
    server_name: str
    through: str  # "decorator", "constructor", "add_request_handler"


@dataclass(frozen=True)
class Unnamed:
    """A registration on a known server whose tool name the analysis cannot read: a
    loader registering one wrapper per tool class under a name it reads at run time
    (`self.server.tool(name=meta.name)(make_wrapper(cls))`). What the handler calls
    lets discovery tell which tool classes it serves."""

    registration: Place
    server: Object
    server_place: Place | None
    server_name: str
    framework: str
    calls: frozenset[str]  # the methods the handler calls (`instance.execute(...)`)


@dataclass
class Analysis:
    tools: list[FlowTool]
    unresolved: list[Unresolved]
    broadened: set[str]
    call_handlers: list[CallHandler] = field(default_factory=list)
    # A low-level list_tools handler returned something the analysis could not read as
    # tools, or a tool whose name it could not read: its listing may hold more names.
    listing_unread: bool = False
    unnamed: list[Unnamed] = field(default_factory=list)
    # The modules loaded by a computed name the analysis read (`import_module(name)` over
    # a list of names); None when it could not read one of those names.
    loaded_by_name: frozenset[str] | None = frozenset()
    loads_read_in: frozenset[str] = frozenset()  # the files holding those loads


def analyse(files: Sequence[Path], root: Path) -> Analysis:
    engine = Engine(files, root)
    engine.run()
    return Reader(engine).read()


MAX_CLOSURES = 4  # functions around functions around a handler


class Reader:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.wanted: dict[int, list[tuple[int, cst.CSTNode]]] = defaultdict(list)
        self.modules: dict[int, Module] = {}
        self.tag = 0
        self.raw: list[tuple[str, Object | None, str, Func | None, int]] = []
        self.hints: dict[tuple[str, int, int], tuple[bool | None, bool | None]] = {}
        self.varying: set[tuple[str, int, int]] = set()  # hints that disagree (FlowTool)
        self.unresolved_raw: list[tuple[str, int, str]] = []
        self.unnamed_raw: list[tuple[int, Object, Func]] = []
        self.names: dict[int, str] = {}  # a server's site -> the name it is bound to
        # Every object's bindings, read once: (is a parameter, in a called context, name)
        # for each variable holding it, and the first attribute holding it.
        self._bound: dict[Value, list[tuple[bool, bool, str]]] | None = None
        self._kept: dict[Value, str] = {}
        self.listing_unread = False
        self._built_classes: set[int] | None = None  # `_abstract_of_built`
        self.interceptors: dict[int, str] = {}  # a server's site -> what rejects for it
        # A server's site -> the transforms `add_transform(...)` gave it.
        self.transforms: dict[int, Values] = defaultdict(frozenset)
        # A low-level tool's (name, branch) -> the parameter holding the call's arguments.
        self.arguments: dict[tuple[str, int], str] = {}
        # A listed tool's (name, handler) -> its input schema's properties and closedness.
        self.schemas: dict[tuple[str, int], tuple[tuple[str, ...], bool | None]] = {}

    def read(self) -> Analysis:
        prefixes = self._prefixes()
        handlers: list[tuple[Func, Object, str]] = []
        self.engine.hand_written()
        # Reading evaluates handlers in contexts of their own (`dispatched`), which may
        # record registrations of their own: the fixpoint's are the ones read.
        for registration in list(self.engine.registrations.values()):
            if registration.role in ("tool", "tool-object"):
                self._tools(registration, prefixes)
            elif registration.role == "list-tools":
                self._listed(registration, prefixes)
            elif registration.role == "call-tool":
                handlers.extend(self._call_handlers(registration))
            elif registration.role == "transform":
                for receiver in registration.server:
                    if isinstance(receiver, Object):
                        self.transforms[receiver.site] |= registration.handler
        parents = self._parents()
        closures: dict[int, dict[str, Class]] = {}
        for _, _, _, handler, _ in self.raw:  # a handler once, however many names it has
            if handler is not None and id(handler.node) not in closures:
                closures[id(handler.node)] = self._closure_classes(handler)
        placed = self._place()
        tools = []
        seen = set()
        for name, server, framework, handler, call in self.raw:
            key = (name, server.site if server else 0, id(handler.node) if handler else 0)
            if key in seen:
                continue
            seen.add(key)
            node = id(handler.node) if handler else 0
            read_only, destructive = self.hints.get((name, call, node), (None, None))
            parent_place, parent_name = self._parent_of(server, parents, placed)
            properties, closed = self.schemas.get((name, node), (None, None))
            tools.append(
                FlowTool(
                    name, server, framework, handler,
                    placed.get(call) or Place("", 0),
                    placed.get(server.site) if server is not None else None,
                    placed.get(node) if handler is not None else None,
                    self._server_name(server) if server is not None else "",
                    read_only, destructive,
                    self.arguments.get((name, node), ""),
                    self._rejecting(server) if server is not None else "",
                    (name, call, node) in self.varying,
                    parent_place, parent_name, properties, closed,
                    self._hiding(server) if server is not None else "",
                    tuple(
                        (variable, placed[id(cls.node)], cls.name)
                        for variable, cls in closures.get(node, {}).items()
                        if id(cls.node) in placed
                    ),
                )
            )  # fmt: skip
        unresolved = [
            Unresolved(code, placed.get(node) or Place("", 0), why)
            for code, node, why in dict.fromkeys(self.unresolved_raw)
        ]
        call_handlers = [
            CallHandler(
                function, server, placed.get(id(function.node)), placed.get(server.site),
                self._server_name(server), through,
            )
            for function, server, through in dict.fromkeys(handlers)
        ]  # fmt: skip
        unnamed = [
            Unnamed(
                placed.get(call) or Place("", 0), server, placed.get(server.site),
                self._server_name(server), self.engine.framework_of(server.cls) or "",
                _methods_called(handler.node),
            )
            for call, server, handler in dict.fromkeys(self.unnamed_raw)
        ]  # fmt: skip
        return Analysis(
            tools, unresolved, self.engine.broadened, call_handlers, self.listing_unread,
            unnamed,
            None if self.engine.loads_unread else frozenset(self.engine.loaded_by_name),
            frozenset(self.engine.loads_read_in),
        )

    def _rejecting(self, server: Object) -> str:
        """The interceptor of `server` (an object its constructor was given, whose hook
        runs around every tool call) that rejects a call with unknown keys before the
        tool runs, as `Class.method`; "" when none does."""
        if server.site in self.interceptors:
            return self.interceptors[server.site]
        found = ""
        framework = self.engine.framework_of(server.cls) or ""
        for keyword, method in fw.INTERCEPTORS.get(framework, {}).items():
            for obj in self.engine.elements(self.engine.field(server, keyword)):
                if not isinstance(obj, Object) or not isinstance(obj.cls, Class):
                    continue
                for member in self.engine.attribute(obj, method):
                    function = self._function(member)
                    if isinstance(function, Func) and isinstance(
                        function.node, cst.FunctionDef
                    ) and rejects_unknown_keys(function.node):
                        found = found or f"{obj.cls.name}.{method}"
        if isinstance(server.cls, Class):
            found = found or self._overriding(server.cls, framework)
        self.interceptors[server.site] = found
        return found

    def _hiding(self, server: Object) -> str:
        """The catalogue transform `server` is given (its constructor's `transforms=`, or
        `add_transform(...)`), that lists tools of its own instead of the registered ones,
        by class name; "" when it is given none."""
        framework = self.engine.framework_of(server.cls) or ""
        keyword = fw.TRANSFORM_KEYWORDS.get(framework)
        given = set(self.transforms.get(server.site, frozenset()))  # add_transform(x)
        if keyword is not None:  # FastMCP(transforms=[x])
            given |= self.engine.elements(self.engine.field(server, keyword))
        for each in given:
            if isinstance(each, Object) and isinstance(each.cls, External):
                if each.cls.qualname in fw.CATALOG_TRANSFORMS:
                    return each.cls.qualname.rsplit(".", 1)[-1]
        return ""

    def _overriding(self, cls: Class, framework: str) -> str:
        """The project's override of the framework's call method on the server's class
        (`StrictMCPServer.call_tool`) that rejects unknown keys before it calls `super()`,
        as `Class.method`; "" when none does."""
        for method, position in fw.CALL_OVERRIDES.get(framework, {}).items():
            for each in self.engine.mro(cls):
                if not isinstance(each, Class):
                    continue
                defined = [
                    n for n in each.node.body.body
                    if isinstance(n, cst.FunctionDef) and n.name.value == method
                ]  # fmt: skip
                if defined:  # the first class defining it is the one that runs
                    if override_rejects_unknown_keys(defined[-1], position):
                        return f"{each.name}.{method}"
                    break
        return ""

    def _call_handlers(self, registration: Registration) -> list[tuple[Func, Object, str]]:
        out = []
        for server in registration.server:
            if not isinstance(server, Object) or server.cls == HAND_WRITTEN:
                continue  # a hand-written server's: its tools are read off its listing
            self._keep(server, registration.call)
            for value in registration.handler:
                function = self._function(value)
                if function is not None:
                    self._keep_node(id(function.node), function.node, function.module)
                    out.append((function, server, registration.through))
        return out

    def _server_name(self, server: Object) -> str:
        """The name a server object is bound to: a module's or a function's variable,
        else the attribute it is kept in (`self.mcp`); "" when it is never bound."""
        if server.site in self.names:
            return self.names[server.site]
        # Where it is made, not where it is handed on (`app = Server(...)` in `main`,
        # not the `server` parameter of `register_tools(server)`); a module's binding
        # first; then by name: one answer whatever order the frames were evaluated in.
        if self._bound is None:
            self._bound, self._kept = self._bindings()
        candidates = self._bound.get(server)
        found = min(candidates)[2] if candidates else self._kept.get(server, "")
        self.names[server.site] = found
        return found

    def _bindings(
        self,
    ) -> tuple[dict[Value, list[tuple[bool, bool, str]]], dict[Value, str]]:
        """For each object, the variables holding it in every frame and the first
        attribute holding it (in the heap's order): one pass over the frames and the
        heap for all the servers asked about."""
        bound: dict[Value, list[tuple[bool, bool, str]]] = defaultdict(list)
        for frame, names in self.engine.locals.items():
            function = self.engine.functions.get(frame.owner)
            params = parameter_names(function.node) if function is not None else frozenset()
            called = bool(frame.context)
            for name, values in names.items():
                entry = (name in params, called, name)
                for value in values:
                    if isinstance(value, Object):
                        bound[value].append(entry)
        kept: dict[Value, str] = {}
        for fields in self.engine.heap.values():
            for key, values in fields.items():
                if isinstance(key, str):
                    for value in values:
                        if isinstance(value, Object):
                            kept.setdefault(value, key)
        return bound, kept

    # --- mounts ---

    def _parents(self) -> dict[Value, Object]:
        """For each mounted server, the outermost server it is mounted into, when that is
        one: a server mounted into two parents is served by neither alone."""
        direct: dict[Value, set[Value]] = defaultdict(set)
        for parent, child, _ in self.engine.mounts:
            direct[child].add(parent)
        outermost: dict[Value, Object] = {}
        for child in direct:
            current: Value = child
            for _ in range(16):  # mounts into mounts, bounded; a cycle stops there
                above = direct.get(current, set())
                # one parent, though the analysis may hold it once per calling context
                if len({v.site if isinstance(v, Object) else v for v in above}) != 1:
                    break
                current = next(iter(above))
                if current == child:
                    break
            if current != child and isinstance(current, Object):
                self._keep(current, 0)
                outermost[child] = current
        return outermost

    def _parent_of(
        self, server: Object | None, parents: dict[Value, Object], placed: dict[int, Place]
    ) -> tuple[Place | None, str]:
        parent = parents.get(server) if server is not None else None
        if parent is None:
            return None, ""
        return placed.get(parent.site), self._server_name(parent)

    def _prefixes(self) -> dict[Value, set[str]]:
        """For each mounted server, the prefixes its tools are listed under."""
        prefixes: dict[Value, set[str]] = defaultdict(set)
        for parent, child, prefix in self.engine.mounts:
            prefixes[child].add(prefix)
        return prefixes

    def _names_under(self, server: Value, name: str, prefixes: dict[Value, set[str]]) -> list[str]:
        if server not in prefixes:
            return [name]
        return [f"{p}_{name}" if p else name for p in prefixes[server]]

    # --- decorator-style tools ---

    def _tools(self, registration: Registration, prefixes: dict[Value, set[str]]) -> None:
        servers = self._servers(registration)
        if servers is None:
            return
        for handler_value in registration.handler:
            handler, names, tool_object = self._handler(handler_value, registration)
            if handler is None and not tool_object:
                continue
            receivers: list[Object | None] = list(servers) or [None]
            for server in receivers:
                framework = self.engine.framework_of(server.cls) if server is not None else ""
                self._keep(server, registration.call)
                if handler is not None:
                    self._keep_node(id(handler.node), handler.node, handler.module)
                for name in names:
                    if name is None:
                        self.unresolved_raw.append(
                            ("TAV902", registration.call, "a tool name that cannot be read")
                        )
                        if server is not None and handler is not None:
                            self.unnamed_raw.append((registration.call, server, handler))
                        continue
                    hints = self._hints(registration)
                    for listed in (self._names_under(server, name, prefixes) if server else [name]):
                        self.raw.append(
                            (listed, server, framework or "", handler, registration.call)
                        )
                        arguments = _runs(handler) if tool_object and handler else ""
                        if handler is not None and arguments:
                            # a tool class's `run(self, arguments)`: handed the call's
                            # whole argument dict, which the framework does not check
                            self.arguments[listed, id(handler.node)] = arguments
                            schema = self._listed_schema(handler_value)
                            if schema is not None:
                                self.schemas[listed, id(handler.node)] = schema
                        key = (listed, registration.call, id(handler.node) if handler else 0)
                        self.hints[key] = _merged(self.hints.get(key), hints)
                        if self._varies(registration):
                            self.varying.add(key)
                if server is None:
                    self.unresolved_raw.append(
                        (
                            "TAV904",
                            id(handler.node) if handler else registration.call,
                            "a server from outside the package",
                        )
                    )

    def _servers(self, registration: Registration) -> list[Object] | None:
        """The server objects a registration reached. A class's abstract instance (its
        methods run with unknown arguments) stands for instances the analysis did not
        see built: where it saw some, they carry the registration; None when only the
        abstract one reached it."""
        servers = sorted(
            (s for s in registration.server if isinstance(s, Object)), key=_server_order
        )
        built = [s for s in servers if not self._abstract_of_built(s)]
        return built if built or not servers else None

    def _abstract_of_built(self, server: Object) -> bool:
        """Whether `server` is the abstract instance of a class the analysis saw built, or
        a subclass of it built (`SolveMCP(...)` registering through `LeafMCP`'s methods)."""
        if server.site != 0 or not isinstance(server.cls, Class):
            return False
        if self._built_classes is None:
            self._built_classes = {
                id(each.node)
                for objects in self.engine.instances.values()
                for obj in objects
                if isinstance(obj.cls, Class)
                for each in self.engine.mro(obj.cls)
                if isinstance(each, Class)
            }
        return id(server.cls.node) in self._built_classes

    def _varies(self, registration: Registration) -> bool:
        """Whether the registration's annotations are objects or dicts that give both
        readOnlyHint values, or are given but none of them can be read (what a server
        class's own `tool()` adds at run time)."""
        given = registration.keywords.get("annotations", NOTHING)
        if given and all(isinstance(v, Unknown) for v in given):
            return True
        found: set[object] = set()
        for value in given:
            if isinstance(value, (Object, Container)):
                for key in fw.READ_ONLY_KEYS:
                    found.update(
                        v.value for v in self.engine.field(value, key) if isinstance(v, Const)
                    )
        return {True, False} <= found

    def _hints(self, registration: Registration) -> tuple[bool | None, bool | None]:
        """readOnlyHint and destructiveHint as this registration gives them: from its
        `annotations=` (a ToolAnnotations or a dict) when every value agrees, or from
        hints given as the registration's own keywords (chuk-mcp-server's
        `@mcp.tool(read_only_hint=True)`)."""
        if "annotations" not in registration.keywords:
            read_only, destructive = (
                _agreed({
                    v.value if isinstance(v, Const) else v
                    for key in keys
                    for v in registration.keywords.get(key, NOTHING)
                })
                for keys in (fw.READ_ONLY_KEYS, fw.DESTRUCTIVE_KEYS)
            )
            if read_only is not None or destructive is not None:
                return read_only, destructive
        given = registration.keywords.get("annotations", NOTHING)
        known = [v for v in given if isinstance(v, (Object, Container))]
        if known and all(
            isinstance(v, Unknown) or v == Const(None) for v in given if v not in known
        ):
            # A closure's variable read in every frame of its enclosing function: the
            # frame with unknown parameters adds Unknown beside the objects passed in.
            # And `annotations = None` then `if ...: annotations = ToolAnnotations(...)`
            # in a decorator factory: the branch that builds them is the one its
            # callers' keywords take (the analysis does not tell the paths apart).
            given = frozenset(known)
        return self._annotation_hints(given)

    def _annotation_hints(self, given: Values) -> tuple[bool | None, bool | None]:
        """readOnlyHint and destructiveHint of annotation values (ToolAnnotations or
        dicts), where every value agrees."""
        read_only: set[object] = set()
        destructive: set[object] = set()
        for value in given:
            if not isinstance(value, (Object, Container)):
                return None, None
            for keys, found in ((fw.READ_ONLY_KEYS, read_only), (fw.DESTRUCTIVE_KEYS, destructive)):
                values = frozenset().union(*(self.engine.field(value, k) for k in keys))
                found.update(v.value if isinstance(v, Const) else v for v in values)
                if not values:
                    found.add(None)
        return _agreed(read_only), _agreed(destructive)

    def _handler(
        self, value: Value, registration: Registration
    ) -> tuple[Func | None, list[str | None], bool]:
        given = registration.keywords.get("name")
        if isinstance(value, Object) and self._tool_class(value.cls):
            functions = [self._function(v) for v in self.engine.field(value, "fn")]
            if isinstance(value.cls, Class):
                # a project subclass of the framework's tool class (`class RegistryTool(
                # Tool)` built with `name=`, `parameters=`): the framework calls its `run`
                # with the call's arguments
                functions += [
                    self._function(v) for v in self.engine.attribute(value, "run")
                ]
            function = next((f for f in functions if f is not None), None)
            names = (
                self._strings(self.engine.field(value, "name"))
                if self.engine.field(value, "name")
                else None
            )
            if given:
                names = self._given_names(given, function)
            if names is None:
                # a tool class's `run(self, arguments)` gives it no name (its `name=`
                # was not read): unnamed, not "run"
                named = function is not None and not _runs(function)
                names = self._own_name(function) if function is not None and named else [None]
            return function, names, True
        function = self._function(value)
        if function is None:
            return None, [], False
        if given:
            return function, self._given_names(given, function), False
        return function, self._own_name(function), False

    def _tool_class(self, cls: Class | External) -> bool:
        """A framework's tool class, or a project class derived from one."""
        if isinstance(cls, External):
            return cls.qualname in fw.TOOL_OBJECTS or cls.qualname == "fastmcp.tools.FunctionTool"
        return any(
            isinstance(each, External) and each.qualname in fw.TOOL_OBJECTS
            for each in self.engine.mro(cls)[1:]
        )

    def _given_names(self, given: Values, function: Func | None) -> list[str | None]:
        """The names a `name=` argument gives; `name=None` (a helper's default handed on)
        is the function's own name, as every framework takes it."""
        names = self._strings(given)
        if Const(None) in given and function is not None:
            names = [*(n for n in names if n is not None), *self._own_name(function)]
        return list(dict.fromkeys(names)) or [None]

    def _own_name(self, function: Func) -> list[str | None]:
        """The function's `__name__`: its def's name, or what was assigned to it."""
        return self._strings(self.engine.attribute(function, "__name__"))

    def _function(self, value: Value) -> Func | None:
        if isinstance(value, Func):
            return value
        if isinstance(value, Bound) and isinstance(value.function, Func):
            return value.function
        if isinstance(value, Partial):  # `partial(f, ...)`: f, some arguments bound
            return self._function(value.function)
        return None

    def _strings(self, values: Iterable[Value]) -> list[str | None]:
        out: list[str | None] = []
        for value in values:
            if isinstance(value, Const) and isinstance(value.value, str):
                out.append(value.value)
            elif isinstance(value, Const) and value.value is None:
                continue
            else:
                out.append(None)
        return list(dict.fromkeys(out)) or [None]

    # --- low-level tools ---

    def _listed(self, registration: Registration, prefixes: dict[Value, set[str]]) -> None:
        servers = [s for s in registration.server if isinstance(s, Object)]
        call_handlers = [
            r for r in self.engine.registrations.values()
            if r.role == "call-tool" and r.server & registration.server
        ]  # fmt: skip
        handler = None
        for r in call_handlers:
            for value in r.handler:
                handler = handler or self._function(value)
        # A hand-written server's tools are in its answer to `tools/list`, not in all
        # its handler returns (it may answer every request).
        hand_written = any(s.cls == HAND_WRITTEN for s in servers)
        for value in registration.handler:
            function = self._function(value)
            if function is None:
                continue
            if hand_written:
                self.tag -= 1
                listing = self.engine.answered(function, self.tag)
            else:
                listing = self.engine.returned(function)
            for tool in self._tool_values(listing, 0):
                if None in self._tool_names(tool):
                    self.listing_unread = True
                for name in self._tool_names(tool):
                    branch, arguments = (
                        self._branch(handler, name, hand_written)
                        if handler is not None else (None, "")
                    )  # fmt: skip
                    for server in servers:
                        self._keep(server, registration.call)
                        if branch is not None:
                            self._keep_node(id(branch.node), branch.node, branch.module)
                        if name is None:
                            self.unresolved_raw.append(
                                ("TAV902", registration.call, "a tool name that cannot be read")
                            )
                            continue
                        framework = fw.JSON_RPC if hand_written else "mcp-lowlevel"
                        self.raw.append((name, server, framework, branch, registration.call))
                        key = (name, id(branch.node) if branch is not None else 0)
                        if branch is not None:
                            self.arguments[key[0], key[1]] = arguments
                        schema = self._listed_schema(tool)
                        if schema is not None:
                            self.schemas[key] = schema
                        hints = self._object_hints(tool)
                        if hints != (None, None):
                            self.hints[(name, registration.call, key[1])] = hints

    def _listed_schema(self, tool: Value) -> tuple[tuple[str, ...], bool | None] | None:
        """The top-level properties of a listed tool's input schema (`Tool(name=...,
        inputSchema=entry["input_schema"])`, a dict literal somewhere in the package),
        and whether `additionalProperties` closes it; None where any value is unread."""
        schemas = frozenset().union(
            *(
                self.engine.field(tool, key)
                for key in ("inputSchema", "input_schema", "parameters")
            )
        )
        found: set[tuple[tuple[str, ...], bool | None]] = set()
        for schema in schemas:
            if not isinstance(schema, Container) or schema.kind != "dict":
                return None
            properties = self.engine.field(schema, "properties")
            keys: set[str] = set()
            for container in properties:
                if not isinstance(container, Container) or container.kind != "dict":
                    return None
                fields = self.engine.heap.get(container, {})
                for key, values in fields.items():
                    if isinstance(key, str):
                        keys.add(key)
                    elif key is KEYS:  # a dict's keys as a set: all must be read
                        for each in values:
                            if not isinstance(each, Const) or not isinstance(each.value, str):
                                return None
                            keys.add(each.value)
                    elif key is not ELEMENT:
                        return None
            extra = list(self.engine.field(schema, "additionalProperties"))
            said = extra[0] if len(extra) == 1 and isinstance(extra[0], Const) else None
            closed = said.value is False if said is not None else None
            found.add((tuple(sorted(keys)), closed))
        return next(iter(found)) if len(found) == 1 else None

    def _object_hints(self, tool: Value) -> tuple[bool | None, bool | None]:
        """readOnlyHint and destructiveHint of a listed tool object's `annotations`."""
        return self._annotation_hints(self.engine.field(tool, "annotations"))

    def _branch(
        self, handler: Func, name: str | None, hand_written: bool = False
    ) -> tuple[Func, str]:
        """The function a low-level call handler runs for one tool: the first it invokes
        that is not handed the name (a router that is goes on choosing), else itself;
        and the parameter it gets the call's arguments in."""
        if name is None:
            return handler, ""
        self.tag -= 1  # a context of its own for each (handler, tool) evaluated
        every = [
            each for each in self.engine.dispatched(handler, name, self.tag, hand_written)
            if each.function is not handler
        ]
        # A helper that gives the arguments back (`args = _require_mapping(arguments)`)
        # checks them on the way to the branch: it is not the branch.
        every = [each for each in every if ARGUMENTS not in self.engine.returned(each.function)]
        # A check whose answer only decides whether the handler stops early (`problem =
        # _argument_error(schema, arguments)`, then `if problem: return error(problem)`)
        # is not the branch either.
        guards = _guards(handler.node)
        every = [each for each in every if each.function.name not in guards]
        invoked = [each for each in every if not each.got_name]
        # The one handed the call's arguments first (`handler(arguments)` inside a
        # closure run off the event loop); else a router handed the name and the
        # arguments, whose branches are the tools (`_handle_tool(name, arguments)` run
        # in a thread); else the first one invoked.
        for each in invoked:
            if each.arguments:
                return each.function, each.arguments
        routers = [each for each in every if each.got_name and each.arguments]
        if routers:
            return routers[-1].function, routers[-1].arguments
        for each in invoked:
            return each.function, each.arguments
        return handler, ""

    def _tool_values(self, values: Values, depth: int) -> list[Value]:
        out: list[Value] = []
        for value in values:
            if (
                isinstance(value, Object)
                and isinstance(value.cls, External)
                and fw.TOOL_OBJECTS.get(value.cls.qualname) == "definition"
            ):
                out.append(value)
            elif (
                isinstance(value, Container)
                and value.kind == "dict"
                and self.engine.field(value, "name")
            ):
                out.append(value)
            elif isinstance(value, Container) and depth < MAX_DEPTH:
                out.extend(self._tool_values(self.engine.field(value, ELEMENT), depth + 1))
            elif (
                isinstance(value, Object) and isinstance(value.cls, External) and depth < MAX_DEPTH
            ):
                out.extend(self._tool_values(self.engine.field(value, "tools"), depth + 1))
            elif isinstance(value, Unknown) or depth >= MAX_DEPTH:
                self.listing_unread = True
        return out

    def _tool_names(self, tool: Value) -> list[str | None]:
        names = self.engine.field(tool, "name")
        return self._strings(names) if names else [None]

    # --- places ---

    def _keep(self, server: Object | None, call: int) -> None:
        if server is not None and server.site in self.engine.nodes:
            node, module = self.engine.nodes[server.site]
            self._keep_node(server.site, node, module)
        if call in self.engine.nodes:
            node, module = self.engine.nodes[call]
            self._keep_node(call, node, module)

    def _closure_classes(self, handler: Func) -> dict[str, Class]:
        """The variables of the functions around `handler` (not the module's) that hold
        instances of one project class and nothing else the analysis knows, innermost
        binding first; each class is placed."""
        found: dict[str, Class] = {}
        bound: set[str] = set()
        frame = handler.closure
        for _ in range(MAX_CLOSURES):
            if frame is None or frame.owner not in self.engine.functions:
                break  # the module's own names: the effect analysis reads them
            for variable, values in self.engine.locals.get(frame, {}).items():
                if variable in bound:
                    continue
                bound.add(variable)
                classes = {
                    v.cls for v in values if isinstance(v, Object) and isinstance(v.cls, Class)
                }
                if len(classes) == 1 and all(isinstance(v, Object) for v in values):
                    cls = next(iter(classes))
                    found[variable] = cls
                    self._keep_node(id(cls.node), cls.node, cls.module)
            frame = self.engine.functions[frame.owner].closure
        return found

    def _keep_node(self, key: int, node: cst.CSTNode, module: Module) -> None:
        """Place `node` under `key`; a function is placed at its name (the `def` line)."""
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            node = node.name
        self.wanted[id(module)].append((key, node))
        self.modules[id(module)] = module

    def _place(self) -> dict[int, Place]:
        placed: dict[int, Place] = {}
        for key, wanted in self.wanted.items():
            module = self.modules[key]
            nodes = [node for _, node in wanted]
            found = positions(module.tree, nodes, module.source, _statements_of(module, nodes))
            for each, node in wanted:
                position = found.get(id(node))
                if position is not None:
                    placed[each] = Place(module.path, position[0])
        return placed


def _merged(
    before: tuple[bool | None, bool | None] | None, hints: tuple[bool | None, bool | None]
) -> tuple[bool | None, bool | None]:
    """The hints of one tool registered in several contexts (its registering function
    called from a site, and evaluated in a root frame with unknown parameters): what a
    context read wins over what another could not read; contexts that disagree give None."""
    if before is None:
        return hints
    return _one(before[0], hints[0]), _one(before[1], hints[1])


def _one(a: bool | None, b: bool | None) -> bool | None:
    if a is None or b is None:
        return b if a is None else a
    return a if a == b else None


def _agreed(found: set[object]) -> bool | None:
    """The one boolean every value gave, else None."""
    if len(found) != 1:
        return None
    only = next(iter(found))
    return only if isinstance(only, bool) else None


def _statements_of(module: Module, nodes: list[cst.CSTNode]) -> dict[int, int]:
    """For each of `nodes`, the index of the module statement holding it: what lets
    `positions` generate only those statements' code, not the module's."""
    wanted = {id(node) for node in nodes}
    found: dict[int, int] = {}
    for index, statement in enumerate(module.tree.body):
        for node in walk(statement):
            if id(node) in wanted:
                found[id(node)] = index
        if len(found) == len(wanted):
            break
    return found


def _server_order(server: Object) -> tuple[int, str, str]:
    """One order for the servers a registration reached, whatever the hash seed: one
    construction may build servers of two frameworks (`try: import fastmcp except
    ImportError: import mcp.server.fastmcp`), and the first one names the tool's."""
    cls = server.cls
    kind = cls.qualname if isinstance(cls, External) else getattr(cls, "name", "")
    return server.site, repr(server.context), kind


def _methods_called(node: cst.CSTNode) -> frozenset[str]:
    """The names of the methods `node` calls (`tool.execute(...)` gives "execute")."""
    return frozenset(
        each.func.attr.value
        for each in walk(node)
        if isinstance(each, cst.Call) and isinstance(each.func, cst.Attribute)
    )


@functools.lru_cache(maxsize=4096)  # a node hashes by identity; the cache keeps it alive
def _guards(node: cst.FunctionDef | cst.Lambda) -> frozenset[str]:
    """Names of the functions a handler calls only to decide whether it stops early: the
    call is an `if` test (`if not valid(arguments): return ...`), or its result is bound
    to a name read nowhere but inside `if` statements that test it."""
    tests: dict[str, int] = defaultdict(int)  # a function's calls in an `if` test
    calls: dict[str, int] = defaultdict(int)  # all its calls
    bound: dict[str, str] = {}  # name -> the function whose result it holds
    reads: dict[str, int] = defaultdict(int)  # a name's reads
    tested: dict[str, int] = defaultdict(int)  # its reads inside an `if` testing it
    for each in walk(node.body):
        if isinstance(each, cst.Call):
            calls[_called(each)] += 1
        elif isinstance(each, cst.Assign) and isinstance(each.value, cst.Call):
            targets = [t.target for t in each.targets]
            if len(targets) == 1 and isinstance(targets[0], cst.Name):
                bound[targets[0].value] = _called(each.value)
        elif isinstance(each, cst.If):
            # `if (result := dispatch(...)) is not None: return result` keeps the answer
            kept = {id(n.value) for n in walk(each.test) if isinstance(n, cst.NamedExpr)}
            for inner in walk(each.test):
                if isinstance(inner, cst.Call) and id(inner) not in kept:
                    tests[_called(inner)] += 1
            names = {n.value for n in walk(each.test) if isinstance(n, cst.Name)}
            for inner in walk(each):
                if isinstance(inner, cst.Name) and inner.value in names:
                    tested[inner.value] += 1
        elif isinstance(each, cst.Name):
            reads[each.value] += 1
    for name, function in bound.items():
        if reads[name] - 1 == tested[name] > 0:  # the binding's own target aside
            tests[function] += calls[function]
    return frozenset(f for f, n in tests.items() if f and n == calls[f])


def _called(call: cst.Call) -> str:
    func = call.func
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return func.value if isinstance(func, cst.Name) else ""


def _runs(handler: Func) -> str:
    """The argument-dict parameter of a tool class's `run(self, arguments)` method (the
    one the framework calls with the call's arguments); "" for any other handler."""
    node = handler.node
    if not isinstance(node, cst.FunctionDef) or node.name.value != "run":
        return ""
    params = [*node.params.posonly_params, *node.params.params]
    if len(params) != 2 or params[0].name.value != "self":
        return ""  # a module's `run(scene, frame)` made a tool is keyword-style
    return params[1].name.value
