"""Resolving calls for the effect analysis over discovery's module indexes.

A small stand-in for the project index: names defined in the module, imported from
other project modules (read from their files, never imported), `self.method()` through
the class and its project bases, `Class.method()`, and methods of objects built from a
project class (`api = Api(...)`, `self.api = Api(...)` in `__init__`, `api: Api`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import libcst as cst

from toolargs.discovery.index import ClassInfo, FunctionInfo, ImportedName, ModuleIndex
from toolargs.discovery.literals import dotted_name, is_docstring, last_name, parameter_names
from toolargs.discovery.project import project_for
from toolargs.discovery.schema import Resolver
from toolargs.discovery.flow_link import closure_classes
from toolargs.discovery.walk import walk
from toolargs.effects.analysis import Function
from toolargs.model import Handler
from toolargs.positions import positions
from toolargs.source import SourceError, read


@dataclass(frozen=True)
class Where:
    """The module a function is in, the class `self` is an instance of, and the
    function's entry in the project index (what its `resolve_call` starts from)."""

    index: ModuleIndex
    cls: tuple[ClassInfo, ModuleIndex] | None = None
    info: FunctionInfo | None = None


class IndexProject:
    """`toolargs.effects.analysis.Project` over a module index and its resolver."""

    def __init__(self, index: ModuleIndex, resolver: Resolver) -> None:
        self.index = index
        self.resolver = resolver
        self.project = project_for(resolver.config)
        self._building: set[int] = set()  # calls whose result's class is being worked out
        self.path = str(index.path) if index.path else ""
        self._attributes: dict[int, dict[str, cst.BaseExpression]] = {}
        self._assigned: dict[int, dict[str, cst.BaseExpression]] = {}
        self._closures: dict[int, dict[str, tuple[str, str]]] = {}  # by handler node

    # --- the handler ---

    def handler(self, handler: Handler) -> Function:
        node = handler.node
        info = handler.function  # discovery's own entry for it, when it has one
        if info is not None and info.node is node and info.index is not None:
            owner = (info.owner, info.index) if info.owner is not None else None
            if owner is None:  # a closure registered in a method: `self` is the method's
                method = _enclosing_method(info)
                if method is not None and method.owner is not None:
                    label = handler.label.split(" in ")[0]
                    cls = (method.owner, info.index)
                    path = str(info.index.path) if info.index.path else self.path
                    return Function(node, label, path, Where(info.index, cls, info),
                                    (id(node), id(method.owner.node)))
            return self._function(node, info.owner, Where(info.index, owner, info))
        if isinstance(node, cst.FunctionDef):
            found = self._locate(node)
            if found is not None:
                info, where = found
                return self._function(node, info.owner, Where(where.index, where.cls, info))
        if info is not None and info.index is not None and info.owner is not None:
            # a branch of a dispatcher method (`if tool_name == "x": self.x(arguments)`):
            # `self` is the dispatcher's
            path = str(info.index.path) if info.index.path else self.path
            cls = (info.owner, info.index)
            return Function(node, handler.label.split(" in ")[0], path,
                            Where(info.index, cls, info), (id(node), id(info.owner.node)))
        return Function(node, handler.label.split(" in ")[0], self.path, Where(self.index))

    def _locate(self, node: cst.FunctionDef) -> tuple[FunctionInfo, Where] | None:
        """The handler's definition: here, imported, or a method of a project base class."""
        for info in (*self.index.functions.values(), *self.index.methods):
            if info.node is node:
                owner = (info.owner, self.index) if info.owner is not None else None
                return info, Where(self.index, owner)
        for name in self.index.imports:
            function = self.resolver.find_function(name)
            if function is not None and function.node is node:
                return function, Where(function.index or self.index)
        classes = [(c, self.index) for c in self.index.classes.values()]
        for name in self.index.imports:
            imported = self.resolver.find_class(cst.Name(name))
            if imported is not None:
                classes.append(imported)
        for concrete, concrete_index in classes:
            for base, where in self.resolver.class_chain(concrete, concrete_index):
                if any(method is node for method in base.methods.values()):
                    info = FunctionInfo(node, base, None, where)
                    return info, Where(where, (concrete, concrete_index))
        return None

    def _function(
        self, node: cst.FunctionDef, owner: ClassInfo | None, where: Where
    ) -> Function:
        label = f"{owner.name}.{node.name.value}" if owner else node.name.value
        path = str(where.index.path) if where.index.path else self.path
        self_class = where.cls[0].node if where.cls else None
        return Function(node, label, path, where, (id(node), id(self_class)))

    # --- Project ---

    def qualify(self, name: str, caller: Function) -> str:
        return _qualify(name, _where(caller, self.index).index)

    def imported_from_project(self, name: str, caller: Function) -> bool:
        index = _where(caller, self.index).index
        imported = index.imports.get(name)
        if imported is None:
            return False
        if imported.level:
            return True
        module = ImportedName(imported.module, "", 0) if imported.name else imported
        return bool(imported.module) and self.project.load(index, module) is not None

    def resolve(self, call: cst.Call, caller: Function) -> Function | None:
        where = _where(caller, self.index)
        func = call.func
        is_self = (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value in ("self", "cls")
        )
        if where.info is not None and not is_self:  # the project index first
            try:
                found = self.project.resolve_call(call, where.info)
            except RecursionError:  # a cycle of names in the index: resolve it here
                found = None
            if found is not None and found.index is not None:
                cls = (found.owner, found.index) if found.owner is not None else None
                owner = found.owner
                if cls is None and where.cls is not None and _nested_in(found.node, caller):
                    # a function defined in a method (`async def _refresh(): await
                    # self.put(...)`) runs on that method's object: its `self` is the same
                    cls, owner = where.cls, where.cls[0]
                return self._function(found.node, owner, Where(found.index, cls, found))
        return self._resolve(call, caller, where)

    def _resolve(self, call: cst.Call, caller: Function, where: Where) -> Function | None:
        resolver = self._resolver(where.index)
        func = call.func
        if isinstance(func, cst.Name):
            return self._named(func.value, where, resolver, caller)
        if not isinstance(func, cst.Attribute):
            return None
        method = func.attr.value
        receiver = func.value
        if isinstance(receiver, cst.Name) and receiver.value in ("self", "cls"):
            if where.cls is not None:
                return self._method(where.cls, method)
            return None
        cls = self._class_of(receiver, where, resolver, caller)
        if cls is not None:
            return self._method(cls, method)
        name = dotted_name(func)
        if name is not None and isinstance(receiver, cst.Name):
            if receiver.value in where.index.imports:
                found = resolver.find_function(name)
                if found is not None:
                    return self._function(
                        found.node, None, Where(found.index or where.index, None, found)
                    )
        return None

    def attribute_type(self, attribute: cst.Attribute, caller: Function) -> str:
        where = _where(caller, self.index)
        if where.cls is None:
            return ""
        for base, base_index in self.resolver.class_chain(*where.cls):
            value = self._instance_attributes(base).get(attribute.attr.value)
            if value is None:
                continue
            value = _awaited(value)
            if isinstance(value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
                return "str"
            if isinstance(value, cst.Call):
                value = value.func
            elif isinstance(value, cst.Subscript):  # `asyncio.Queue[str]`
                value = value.value
            return _qualify(dotted_name(value) or "", base_index)
        return ""

    def origin(
        self, expr: cst.BaseExpression, caller: Function
    ) -> tuple[cst.BaseExpression, Function] | None:
        """A module constant (here or imported, `config.CACHE_DIR` too) or an attribute
        of `self`: its value, and the code whose names that value uses."""
        where = _where(caller, self.index)
        if (
            isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Name)
            and expr.value.value in ("self", "cls")
        ):
            return self._attribute_origin(expr.attr.value, where)
        if (
            isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Attribute)
            and isinstance(expr.value.value, cst.Name)
            and expr.value.value.value == "self"
            and where.cls is not None
        ):
            # `self.paths.results_dir`: an attribute (a property) of the project class
            # `self.paths` holds (`self.paths = paths` from `paths: RuntimePaths`)
            held = self._held_class(expr.value.attr.value, where)
            if held is not None:
                return self._attribute_origin(expr.attr.value, Where(held[1], held))
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            return None
        if isinstance(expr, cst.Attribute) and not isinstance(expr.value, cst.Name):
            return None
        resolved = self._resolver(where.index).follow(expr, where.index)
        if resolved.name is None or resolved.expr is expr:
            return None
        value = resolved.expr
        path = str(resolved.index.path) if resolved.index.path else self.path
        return value, Function(value, resolved.name, path, Where(resolved.index))

    def is_class(self, expr: cst.BaseExpression, caller: Function) -> bool:
        where = _where(caller, self.index)
        return self._resolver(where.index).find_class(expr, where.index) is not None

    def member(
        self, expr: cst.BaseExpression, name: str, caller: Function
    ) -> tuple[cst.BaseExpression, Function] | None:
        """The value an object built here from a project class (`request =
        PaperDetailsRequest(...)`, or that call itself) has for its attribute `name`: the
        constructor's keyword, else the class body's value through its bases
        (`method: str = "GET"`). None for an object only annotated: a subclass may differ."""
        where = _where(caller, self.index)
        built = self._assignments(caller).get(expr.value) if isinstance(expr, cst.Name) else expr
        if not isinstance(built, cst.Call):
            return None
        cls = self._annotated(built.func, where.index, self._resolver(where.index))
        if cls is None:
            return None
        for arg in built.args:
            if arg.keyword is not None and arg.keyword.value == name:
                return arg.value, caller
        for base, base_index in self.resolver.class_chain(*cls):
            declared = base.attributes.get(name)
            if declared is not None:
                path = str(base_index.path) if base_index.path else self.path
                return declared, Function(declared, f"{base.name}.{name}", path,
                                          Where(base_index, cls))
        return None

    def _held_class(self, name: str, where: Where) -> tuple[ClassInfo, ModuleIndex] | None:
        """The project class of what `self.<name>` holds: the class a method builds it
        from (`self.paths = RuntimePaths(...)`), or the annotation of the parameter it
        is bound to (`def __init__(self, paths: RuntimePaths): self.paths = paths`)."""
        if where.cls is None:
            return None
        for base, base_index in self.resolver.class_chain(*where.cls):
            for method in base.methods.values():
                for statement in _statements(method):
                    if not isinstance(statement, cst.Assign) or len(statement.targets) != 1:
                        continue
                    target = statement.targets[0].target
                    if not (
                        isinstance(target, cst.Attribute) and target.attr.value == name
                        and isinstance(target.value, cst.Name) and target.value.value == "self"
                    ):  # fmt: skip
                        continue
                    value = _awaited(statement.value)
                    named: cst.BaseExpression | None = None
                    if isinstance(value, cst.Call):
                        named = value.func
                    elif isinstance(value, cst.Name):
                        named = next(
                            (
                                p.annotation.annotation
                                for p in (
                                    *method.params.posonly_params, *method.params.params,
                                    *method.params.kwonly_params,
                                )
                                if p.name.value == value.value and p.annotation is not None
                            ),
                            None,
                        )  # fmt: skip
                    found = self._annotated(named, base_index, self._resolver(base_index))
                    if found is not None:
                        return found
        return None

    def _attribute_origin(
        self, name: str, where: Where
    ) -> tuple[cst.BaseExpression, Function] | None:
        if where.cls is None:
            return None
        for base, base_index in self.resolver.class_chain(*where.cls):
            assigned = base.instance_attributes.get(name)
            if assigned is not None:  # `self.root = Path(tempfile.mkdtemp())` in a method
                value, info = assigned
                method = self._function(
                    info.node, base, Where(base_index, where.cls, info)
                )
                return value, method
            declared = base.attributes.get(name)
            if declared is not None:  # `root = CACHE / "x"` in the class body
                path = str(base_index.path) if base_index.path else self.path
                return declared, Function(declared, f"{base.name}.{name}", path,
                                          Where(base_index, where.cls))
            getter = base.method_infos.get(name)
            returned = _property_value(getter.node) if getter is not None else None
            if getter is not None and returned is not None:
                # `@property def db_path(self): return self.directory / NAME`
                return returned, self._function(
                    getter.node, base, Where(base_index, where.cls, getter)
                )
        return None

    def lines(self, sites: Sequence[tuple[cst.CSTNode, Function]]) -> dict[int, int]:
        by_index: dict[int, tuple[ModuleIndex, list[cst.CSTNode]]] = {}
        for node, function in sites:
            index = _where(function, self.index).index
            by_index.setdefault(id(index), (index, []))[1].append(node)
        found: dict[int, int] = {}
        for index, nodes in by_index.values():
            source = None  # read back from its file: placing by statement needs it
            if index.path is not None:
                try:
                    source = read(index.path)
                except SourceError:
                    source = None
            located = positions(index.module, nodes, source, index.statement_of)
            found.update({key: line for key, (line, _) in located.items()})
        return found

    # --- resolving ---

    def _resolver(self, index: ModuleIndex) -> Resolver:
        return self.resolver if index is self.index else Resolver(index, self.resolver.config)

    def _named(
        self, name: str, where: Where, resolver: Resolver, caller: Function
    ) -> Function | None:
        index = where.index
        local = index.functions.get(name)
        if local is not None:
            return self._function(local.node, None, Where(index, None, local))
        if name in index.imports:
            found = resolver.find_function(name)
            if found is not None:
                return self._function(found.node, None, Where(found.index or index, None, found))
        cls = resolver.find_class(cst.Name(name), index)
        if cls is not None:  # building a project object runs its __init__
            return self._method(cls, "__init__")
        return None

    def _method(self, cls: tuple[ClassInfo, ModuleIndex], name: str) -> Function | None:
        for base, where in self.resolver.class_chain(*cls):
            node = base.methods.get(name)
            if node is not None:
                info = FunctionInfo(node, base, None, where)
                return self._function(node, base, Where(where, cls, info))
        return None

    def _class_of(
        self, receiver: cst.BaseExpression, where: Where, resolver: Resolver, caller: Function
    ) -> tuple[ClassInfo, ModuleIndex] | None:
        """The project class of the object a method is called on, when it says so."""
        index = where.index
        if isinstance(receiver, cst.Name):
            found = resolver.find_class(receiver, index)
            if found is not None:
                return found  # Class.method()
            value = self._assignments(caller).get(receiver.value)
            if value is None and receiver.value not in self._assignments(caller):
                value = index.constants.get(receiver.value)
            built = self._built(value, index, resolver, caller)
            if built is None and (value is None or _uninformative(value)):
                return self._from_closure(receiver.value, where, caller) or built
            return built
        if isinstance(receiver, cst.Call):  # `get_store().add(...)`: what the factory returns
            return self._built(receiver, index, resolver, caller)
        if (
            isinstance(receiver, cst.Attribute)
            and isinstance(receiver.value, cst.Name)
            and receiver.value.value == "self"
            and where.cls is not None
        ):
            attribute = receiver.attr.value
            for base, base_index in self.resolver.class_chain(*where.cls):
                value = self._instance_attributes(base).get(attribute)
                if value is not None:
                    built = self._built(value, base_index, self._resolver(base_index))
                    if built is not None:
                        return built
            # `self._budget = budget` from `budget: ResultBudget | None`: the annotation
            return self._held_class(attribute, where)
        return None

    def _from_closure(
        self, name: str, where: Where, caller: Function
    ) -> tuple[ClassInfo, ModuleIndex] | None:
        """The project class of a variable a nested tool handler reads from the functions
        around it, as the value-flow analysis saw it handed in (`register(mcp,
        ArchiveManager())` for `def register(mcp, manager: object)`)."""
        info = where.info
        node = caller.node
        if (
            info is None or info.enclosing is None or info.node is not node
            or info.index is None or info.index.path is None
            or name in parameter_names(node)
        ):
            return None  # fmt: skip
        key = id(node)
        if key not in self._closures:
            line = positions(info.index.module, [info.node.name], None, None).get(
                id(info.node.name), (0, 0)
            )[0]
            path = info.index.path.resolve()
            self._closures[key] = closure_classes(path, str(path), line)
        found = self._closures[key].get(name)
        if found is None:
            return None
        home = self.project.module_at(Path(found[0]))
        cls = home.classes.get(found[1]) if home is not None else None
        return (cls, home) if cls is not None and home is not None else None

    def _built(
        self,
        value: cst.BaseExpression | None,
        index: ModuleIndex,
        resolver: Resolver,
        caller: Function | None = None,
    ) -> tuple[ClassInfo, ModuleIndex] | None:
        """The project class `value` builds or names (a call or an annotation), or the
        class a project function called here says it returns."""
        if isinstance(value, cst.Call):
            found = self._annotated(value.func, index, resolver)
            if found is not None or caller is None or id(value) in self._building:
                return found  # (`client = client.with_options()`: asked already)
            self._building.add(id(value))
            try:
                function = self.resolve(value, caller)
            finally:
                self._building.discard(id(value))
            if function is None or not isinstance(function.node, cst.FunctionDef):
                return None
            returns = function.node.returns
            where = _where(function, index).index
            if returns is None:
                return None
            return self._annotated(returns.annotation, where, self._resolver(where))
        return self._annotated(value, index, resolver)

    def _annotated(
        self, value: cst.BaseExpression | None, index: ModuleIndex, resolver: Resolver
    ) -> tuple[ClassInfo, ModuleIndex] | None:
        """The project class an annotation names (the first of a Union or Optional)."""
        if isinstance(value, cst.BinaryOperation):  # Api | None
            return self._annotated(value.left, index, resolver) or self._annotated(
                value.right, index, resolver
            )
        if isinstance(value, cst.Subscript):  # Optional[Api], Union[A, B]
            for element in value.slice:
                if isinstance(element.slice, cst.Index):
                    found = self._annotated(element.slice.value, index, resolver)
                    if found is not None:
                        return found
            return None
        if value is None or dotted_name(value) is None:
            return None
        return resolver.find_class(value, index)

    def _assignments(self, caller: Function) -> dict[str, cst.BaseExpression]:
        """`name = Something(...)` and `name: Something` in the caller, and its parameters'
        annotations (a name bound twice keeps its first value)."""
        key = id(caller.node)
        cached = self._assigned.get(key)
        if cached is not None:
            return cached
        found: dict[str, cst.BaseExpression] = {}
        node = caller.node
        if isinstance(node, cst.FunctionDef):
            for param in (*node.params.params, *node.params.kwonly_params):
                if param.annotation is not None:
                    found.setdefault(param.name.value, param.annotation.annotation)
        for statement in _statements(node):
            if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
                target = statement.targets[0].target
                if isinstance(target, cst.Name):
                    found.setdefault(target.value, _awaited(statement.value))
            elif isinstance(statement, cst.AnnAssign) and isinstance(statement.target, cst.Name):
                found.setdefault(statement.target.value, statement.annotation.annotation)
        self._assigned[key] = found
        return found

    def _instance_attributes(self, cls: ClassInfo) -> dict[str, cst.BaseExpression]:
        """`self.x = Something(...)` in the class's methods, and `x: Something` fields."""
        key = id(cls.node)
        cached = self._attributes.get(key)
        if cached is not None:
            return cached
        found: dict[str, cst.BaseExpression] = {}
        for node in cls.annotated:
            if isinstance(node.target, cst.Name):
                found.setdefault(node.target.value, node.annotation.annotation)
        for name, value in cls.attributes.items():
            found.setdefault(name, value)
        for method in cls.methods.values():
            for statement in _statements(method):
                if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
                    target = statement.targets[0].target
                    if (
                        isinstance(target, cst.Attribute)
                        and isinstance(target.value, cst.Name)
                        and target.value.value == "self"
                    ):
                        found.setdefault(target.attr.value, _awaited(statement.value))
                elif (
                    isinstance(statement, cst.AnnAssign)
                    and isinstance(statement.target, cst.Attribute)
                ):
                    found.setdefault(statement.target.attr.value, statement.annotation.annotation)
        self._attributes[key] = found
        return found


UNINFORMATIVE = frozenset({"object", "Any", "typing.Any"})  # annotations naming no class


def _uninformative(value: cst.BaseExpression | None) -> bool:
    """`manager: object`, `client: Any`: an annotation that says nothing of the class."""
    return value is not None and dotted_name(value) in UNINFORMATIVE


def _enclosing_method(info: FunctionInfo) -> FunctionInfo | None:
    """The method a closure is defined in, when the closure does not take its own `self`
    (`def _register_tools(self): @self.tool() def download(...): self.fetch(...)`)."""
    params = info.node.params
    if any(p.name.value in ("self", "cls") for p in (*params.posonly_params, *params.params)):
        return None
    outer = info.enclosing
    while outer is not None and outer.owner is None:
        outer = outer.enclosing
    return outer


def _qualify(name: str, index: ModuleIndex) -> str:
    """`os.remove` for `remove` after `from os import remove`; `name` otherwise."""
    head, dot, rest = name.partition(".")
    imported = index.imports.get(head)
    if imported is None:
        return name
    if not imported.name and not imported.level and imported.module.startswith(head + "."):
        return name  # `import urllib.parse` binds `urllib`: the name is already whole
    base = imported.module
    if imported.name:
        base = f"{imported.module}.{imported.name}" if imported.module else imported.name
    return f"{base}{dot}{rest}"


def _where(function: Function, default: ModuleIndex) -> Where:
    context = function.context
    return context if isinstance(context, Where) else Where(default)


def _awaited(value: cst.BaseExpression) -> cst.BaseExpression:
    return value.expression if isinstance(value, cst.Await) else value


def _statements(node: cst.CSTNode) -> list[cst.BaseSmallStatement]:
    """The simple statements of a function body, at any block depth (not nested defs)."""
    found: list[cst.BaseSmallStatement] = []
    stack: list[cst.CSTNode] = [node.body if isinstance(node, cst.FunctionDef) else node]
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            found.extend(current.body)
            continue
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(current, (cst.IndentedBlock,)):
            stack.extend(reversed(current.body))
            continue
        for name in ("body", "orelse", "handlers", "finalbody"):
            value = getattr(current, name, None)
            if isinstance(value, cst.CSTNode):
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                stack.extend(v for v in value if isinstance(v, cst.CSTNode))
    return found


def _nested_in(node: cst.CSTNode, caller: Function) -> bool:
    """Whether `node` is a function defined in the body of the caller's function."""
    outer = caller.node
    if not isinstance(node, cst.FunctionDef) or not isinstance(outer, cst.FunctionDef):
        return False
    return any(each is node for each in walk(outer.body))


def _property_value(node: cst.FunctionDef) -> cst.BaseExpression | None:
    """What a property returns, when its body is that one `return`."""
    if not any(last_name(d.decorator) in ("property", "cached_property") for d in node.decorators):
        return None
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    statements = [s for s in body if not is_docstring(s)]
    if len(statements) != 1 or not isinstance(statements[0], cst.SimpleStatementLine):
        return None
    small = statements[0].body[0] if len(statements[0].body) == 1 else None
    return small.value if isinstance(small, cst.Return) else None
