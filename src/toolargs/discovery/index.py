"""The one traversal: everything discovery needs, collected from a module in one pass."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.literals import dotted_name, last_name, string_value
from toolargs.discovery.walk import push_children, statements
from toolargs.flow import dependencies
from toolargs.flow.frameworks import COLLECTOR_METHODS, FUNCTION_SINKS, unvendored
from toolargs.vocabulary import SCHEMA_KEYS

if TYPE_CHECKING:
    from toolargs.discovery.project import ProjectIndex

TOOL_CLASSES = ("Tool",)
# Keywords under which a project's own tool objects hold their handler.
HANDLER_KEYWORDS = frozenset({"handler", "fn", "func", "function", "callback", "run"})
LOWLEVEL_SERVERS = ("Server",)  # the SDK's low-level server: `Server(on_call_tool=...)`
# Server methods whose calls set an option later steps read (`server.add_middleware(...)`,
# `@server.call_tool(validate_input=False)`, `main.mount(sub, namespace="x")`): collected
# here, never searched for again.
SERVER_METHODS = frozenset(
    {"add_middleware", "call_tool", "mount", "import_server", "add_request_handler"}
    | COLLECTOR_METHODS  # `tools.register_all(mcp)`: a mixin registering its methods
    | FUNCTION_SINKS  # `mcp.register_function_as_tool(fn, name=...)`
)


@dataclass
class ClassInfo:
    node: cst.ClassDef
    name: str
    bases: tuple[str, ...]  # dotted names of the bases, as written
    methods: dict[str, cst.FunctionDef] = field(default_factory=dict)
    attributes: dict[str, cst.BaseExpression] = field(default_factory=dict)
    annotated: list[cst.AnnAssign] = field(default_factory=list)  # `field: type = value`
    index: ModuleIndex | None = None  # the module defining it
    method_infos: dict[str, FunctionInfo] = field(default_factory=dict)
    # `self.x = value` in a method: the first value written, and the method writing it
    instance_attributes: dict[str, tuple[cst.BaseExpression, FunctionInfo]] = field(
        default_factory=dict
    )

    def __repr__(self) -> str:
        return f"ClassInfo({self.name})"

    @property
    def base_names(self) -> tuple[str, ...]:
        return tuple(base.rsplit(".", 1)[-1] for base in self.bases)

    @property
    def decorators(self) -> tuple[str, ...]:
        names = (last_name(d.decorator) for d in self.node.decorators)
        return tuple(n for n in names if n)


@dataclass
class FunctionInfo:
    node: cst.FunctionDef
    owner: ClassInfo | None  # the class it is a method of
    parent: cst.FunctionDef | None  # the function it is nested in
    index: ModuleIndex | None = None  # the module defining it
    enclosing: FunctionInfo | None = None  # the function it is nested in
    nested: dict[str, FunctionInfo] = field(default_factory=dict)  # functions defined in it
    locals: dict[str, cst.BaseExpression] = field(default_factory=dict)  # first value bound
    rebound: set[str] = field(default_factory=set)  # names bound more than once

    def __repr__(self) -> str:
        where = self.index.path.name if self.index and self.index.path else "?"
        return f"FunctionInfo({self.label} in {where})"

    @property
    def name(self) -> str:
        return self.node.name.value

    @property
    def params(self) -> tuple[str, ...]:
        p = self.node.params
        names = [x.name.value for x in (*p.posonly_params, *p.params, *p.kwonly_params)]
        for star in (p.star_arg, p.star_kwarg):
            if isinstance(star, cst.Param):
                names.append(star.name.value)
        return tuple(names)

    @property
    def annotations(self) -> dict[str, cst.BaseExpression]:
        """Parameter annotations by name (`api: Api`)."""
        p = self.node.params
        return {
            x.name.value: x.annotation.annotation
            for x in (*p.posonly_params, *p.params, *p.kwonly_params)
            if x.annotation is not None
        }

    @property
    def label(self) -> str:
        return f"{self.owner.name}.{self.name}" if self.owner else self.name


@dataclass(frozen=True)
class ImportedName:
    module: str  # as written, without the leading dots
    name: str  # the imported name ("" for `import module`)
    level: int  # number of leading dots


@dataclass
class ModuleIndex:
    module: cst.Module
    path: Path | None
    functions: dict[str, FunctionInfo] = field(default_factory=dict)
    methods: list[FunctionInfo] = field(default_factory=list)
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    constants: dict[str, cst.BaseExpression] = field(default_factory=dict)
    imports: dict[str, ImportedName] = field(default_factory=dict)
    # Imports under `except ImportError:` after the same name imported in the `try:`
    # (`from mcp.server.fastmcp import FastMCP` as the fallback of `from fastmcp import
    # FastMCP`): the `try:`'s stands, the one the installed dependencies give.
    fallback_imports: set[int] = field(default_factory=set)
    star_imports: list[ImportedName] = field(default_factory=list)
    calls: list[tuple[cst.Call, FunctionInfo | None]] = field(default_factory=list)
    tool_dicts: list[cst.Dict] = field(default_factory=list)
    decorated: list[FunctionInfo] = field(default_factory=list)
    bound_calls: dict[str, cst.Call] = field(default_factory=dict)  # `x = Something(...)`
    lists: dict[str, cst.BaseExpression] = field(default_factory=dict)
    # id of every node the walk meets -> index of the module statement holding it
    statement_of: dict[int, int] = field(default_factory=dict)
    # Calls whose callee is itself a call (`mcp.tool(name="x")(fn)`), and every call
    # made with a bare name or attribute as its first argument: candidate registrations.
    registrations: list[tuple[cst.Call, FunctionInfo | None]] = field(default_factory=list)
    # Calls passing a handler by keyword (`ToolDef(name=..., handler=fn, ...)`).
    tool_objects: list[tuple[cst.Call, FunctionInfo | None]] = field(default_factory=list)
    # Calls `x.<method>(...)` of a method in SERVER_METHODS, in source order.
    server_calls: list[cst.Call] = field(default_factory=list)
    project: ProjectIndex | None = None  # the project index that built it
    # imports already looked up in the project index, and what they gave
    loaded: dict[ImportedName, ModuleIndex | None] = field(default_factory=dict)
    # the modules whose `loaded` gives this one, by id
    importers: dict[int, ModuleIndex] = field(default_factory=dict)

    def release(self) -> None:
        """Break every reference cycle through this module, once the project index has
        dropped it, so that reference counting frees it (the CLI freezes what is kept
        from the cyclic collector). Modules that had loaded it will load it again.
        """
        for other in self.loaded.values():
            if other is not None:
                other.importers.pop(id(self), None)
        for importer in self.importers.values():
            for key in [k for k, v in importer.loaded.items() if v is self]:
                del importer.loaded[key]
        infos = [*self.functions.values(), *self.methods, *self.decorated]
        for cls in self.classes.values():
            infos += cls.method_infos.values()
            cls.index = None
            cls.method_infos = {}
            cls.instance_attributes = {}
        seen: set[int] = set()
        while infos:
            info = infos.pop()
            if id(info) in seen:
                continue
            seen.add(id(info))
            infos += info.nested.values()
            info.index = info.owner = info.enclosing = None
            info.nested = {}
        self.loaded = {}
        self.importers = {}
        self.functions, self.methods, self.classes, self.decorated = {}, [], {}, []
        self.project = None

    def __repr__(self) -> str:
        return f"ModuleIndex({self.path})"

    def function(self, name: str) -> FunctionInfo | None:
        return self.functions.get(name)

    def original_name(self, name: str) -> str:
        """The imported name behind an alias: `Framework` for `MCPServer as Framework`."""
        imported = self.imports.get(name)
        return imported.name if imported is not None and imported.name else name

    def constructs(self, call: cst.Call, class_names: tuple[str, ...]) -> bool:
        """Whether `call` builds one of `class_names`, through an import alias too."""
        name = last_name(call.func)
        return name is not None and self.original_name(name) in class_names


def build_index(module: cst.Module, path: Path | None, config: Config) -> ModuleIndex:
    """Collect definitions, bindings, imports and interesting calls in one pass."""
    index = ModuleIndex(module, path)
    interesting = {
        *TOOL_CLASSES,
        *LOWLEVEL_SERVERS,
        *config.registration_calls,
        *config.enforcement_calls,
        *config.server_classes,
        *config.central_policies,
        *config.tool_decorators,
    }
    for number, statement in enumerate(module.body):
        _scan_scope(index, [statement], None, None, interesting, number)
    return index


def _scan_scope(
    index: ModuleIndex,
    stack: list[cst.CSTNode],
    owner: ClassInfo | None,
    function: FunctionInfo | None,
    interesting: set[str],
    statement: int,
) -> None:
    """Everything in one scope (module statement, class or function body), nested scopes
    recursed; `statement` is the index of the module statement it all belongs to.

    Recursion follows `def`/`class` nesting only, which Python bounds; everything else is
    an iterative walk with exact type tests (libcst's classes are ABCs, and isinstance on
    them is slow).
    """
    statement_of = index.statement_of
    while stack:
        node = stack.pop()
        statement_of[id(node)] = statement
        kind = type(node)
        if kind not in _SCANNED:  # most nodes: names, strings, arguments, operators
            push_children(stack, node)
            continue
        if kind is cst.FunctionDef:
            assert isinstance(node, cst.FunctionDef)
            info = FunctionInfo(node, owner, function.node if function else None, index, function)
            if owner is not None:
                owner.methods[node.name.value] = node
                owner.method_infos[node.name.value] = info
                index.methods.append(info)
            elif function is None or node.name.value not in index.functions:
                index.functions[node.name.value] = info
            if function is not None and owner is None:
                function.nested.setdefault(node.name.value, info)
            if node.decorators:
                index.decorated.append(info)
            # What a function contains belongs to it, not to any class around it.
            _scan_scope(index, _inside(node), None, info, interesting, statement)
            continue
        if kind is cst.ClassDef:
            assert isinstance(node, cst.ClassDef)
            cls = ClassInfo(node, node.name.value, _bases(node), index=index)
            index.classes.setdefault(cls.name, cls)
            _scan_scope(index, _inside(node), cls, function, interesting, statement)
            continue
        if kind is cst.Call:
            assert isinstance(node, cst.Call)
            name = last_name(node.func)
            if name in interesting or (
                name is not None and index.original_name(name) in interesting
            ):
                index.calls.append((node, function))
            func_kind = type(node.func)
            if func_kind is cst.Attribute:
                if cast(cst.Attribute, node.func).attr.value in SERVER_METHODS:
                    index.server_calls.append(node)
            if func_kind is cst.Call or (
                node.args
                and type(node.args[0].value) in _REFERENCES
                and node.args[0].keyword is None
                and not node.args[0].star
            ):
                index.registrations.append((node, function))
            for arg in node.args:
                if arg.keyword is not None and arg.keyword.value in HANDLER_KEYWORDS:
                    index.tool_objects.append((node, function))
                    break
        elif kind is cst.Dict:
            assert isinstance(node, cst.Dict)
            if any(
                type(e) is cst.DictElement and string_value(e.key) in SCHEMA_KEYS
                for e in node.elements
            ):
                index.tool_dicts.append(node)
        elif kind is cst.Assign or kind is cst.AnnAssign:
            assert isinstance(node, (cst.Assign, cst.AnnAssign))
            _record_binding(index, node, owner, function)
        elif kind is cst.ImportFrom:
            assert isinstance(node, cst.ImportFrom)
            _record_import_from(index, node)
        elif kind is cst.Import:
            assert isinstance(node, cst.Import)
            for alias in node.names:
                dotted = dotted_name(alias.name)
                if dotted:
                    bound = alias.evaluated_alias or dotted.split(".")[0]
                    if alias.evaluated_alias:  # `import pkg._vendor.fastmcp as fastmcp`
                        dotted = unvendored(dotted) or dotted
                    if id(node) not in index.fallback_imports or bound not in index.imports:
                        index.imports[bound] = ImportedName(dotted, "", 0)
        elif kind is cst.ExceptHandler:
            assert isinstance(node, cst.ExceptHandler)
            index.fallback_imports.update(
                id(line) for line in statements(node.body, into_scopes=False)
                if type(line) in (cst.Import, cst.ImportFrom)
            )  # fmt: skip
        push_children(stack, node)


_REFERENCES = (cst.Name, cst.Attribute, cst.Call)
# The node types `_scan_scope` records something for.
_SCANNED = frozenset({
    cst.FunctionDef, cst.ClassDef, cst.Call, cst.Dict, cst.Assign, cst.AnnAssign,
    cst.ImportFrom, cst.Import, cst.ExceptHandler,
})


def _inside(node: cst.CSTNode) -> list[cst.CSTNode]:
    stack: list[cst.CSTNode] = []
    push_children(stack, node)
    return stack


def _bases(node: cst.ClassDef) -> tuple[str, ...]:
    names = []
    for arg in node.bases:
        value = arg.value
        if isinstance(value, cst.Subscript):  # Generic[T], BaseTool[Args]
            value = value.value
        name = dotted_name(value)
        if name:
            names.append(name)
    return tuple(names)


def _record_binding(
    index: ModuleIndex,
    node: cst.Assign | cst.AnnAssign,
    owner: ClassInfo | None,
    function: FunctionInfo | None,
) -> None:
    if isinstance(node, cst.AnnAssign):
        targets: list[cst.BaseAssignTargetExpression] = [node.target]
        value = node.value
        if owner is not None and function is None:
            owner.annotated.append(node)
    else:
        targets = [t.target for t in node.targets]
        value = node.value
    if value is None:
        return
    for target in targets:
        if not isinstance(target, cst.Name):
            if (
                function is not None
                and function.owner is not None
                and type(target) is cst.Attribute
                and isinstance(target.value, cst.Name)
                and target.value.value == "self"
            ):
                attribute = target.attr.value
                function.owner.instance_attributes.setdefault(attribute, (value, function))
            continue
        name = target.value
        if function is not None:
            if name in function.locals:
                function.rebound.add(name)
            function.locals.setdefault(name, value)
        if owner is not None and function is None:
            owner.attributes[name] = value
            continue
        # Module-level bindings win over those inside functions of the same name.
        if function is None or name not in index.constants:
            index.constants[name] = value
        if isinstance(value, cst.Call) and (function is None or name not in index.bound_calls):
            index.bound_calls[name] = value


def _record_import_from(index: ModuleIndex, node: cst.ImportFrom) -> None:
    module = dotted_name(node.module) if node.module is not None else ""
    level = len(node.relative)
    vendored = unvendored(module) if module else None
    if vendored is not None:  # `from ._vendor.fastmcp import FastMCP`: the framework
        module, level = vendored, 0
    if isinstance(node.names, cst.ImportStar):
        index.star_imports.append(ImportedName(module or "", "", level))
        return
    for alias in node.names:
        if not isinstance(alias.name, cst.Name):
            continue
        bound = alias.evaluated_alias or alias.name.value
        if id(node) in index.fallback_imports and bound in index.imports:
            first = index.imports[bound]
            if first.level or not dependencies.absent(first.module):
                continue  # the first import is what runs, unless the project's
                # environment lacks its module (`mcp.server.fastmcp` under mcp 2.x)
        index.imports[bound] = ImportedName(module or "", alias.name.value, level)
