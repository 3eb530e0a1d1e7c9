"""Class-based tools and the framework server that serves them.

A tool class (`class ListFiles(ToolHandler)` with a `run_tool` method) registers nothing
by itself: another module of its package puts instances of it in front of a server.
Two ways are recognised, both checked against the code, never guessed from names alone:

- **the SDK server's tool manager**: `mcp._tool_manager._tools[name] = wrapper(tool)` or
  `mcp._tool_manager.add_tool(...)`, where `mcp` is an SDK FastMCP/MCPServer (bound in
  that module, or a parameter annotated with the class): the server validates the call
  against the tool's own signature, so it, not the class, decides about unknown keys;
- **a dispatcher of a known server**: a function decorated `@app.call_tool()` (the SDK's
  low-level `Server`) that calls the class's handler method (`handler.run_tool(args)`).

The serving module must name the tool class, one of its project base classes, or the
module defining either (an import resolved through the project index). The package's
modules are looked at by their text first (`_tool_manager`, `.call_tool(`), bounded in
files; each is parsed at most once per run through the project index. Nothing is
imported or run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import libcst as cst

from toolargs.discovery.index import ClassInfo, ModuleIndex
from toolargs.discovery.literals import dotted_name, last_name
from toolargs.discovery.project import ProjectIndex, package_files
from toolargs.model import Server

__all__ = ["Serving", "names_classes", "package_server", "serving_server"]

_MARKERS = ("_tool_manager", ".call_tool(")

ServersOf = Callable[[ModuleIndex], list[Server]]
FrameworkOf = Callable[[cst.Call, ModuleIndex], Server | None]


@dataclass(frozen=True)
class Serving:
    """A server of another (or the same) module that serves a tool class, and how."""

    server: Server
    module: ModuleIndex
    how: str  # "tool manager" or "dispatcher <function>"


_serving: dict[int, tuple[ModuleIndex, list[tuple[Server, str, str | None]]]] = {}


def serving_server(
    cls: ClassInfo,
    method: str,
    index: ModuleIndex,
    servers_of: ServersOf,
    server_from_annotation: FrameworkOf,
) -> Serving | None:
    """The framework server a module of `index`'s package serves tool class `cls`
    (whose handler method is `method`) with, or None."""
    project = index.project
    if not isinstance(project, ProjectIndex) or index.path is None:
        return None
    chain = project.class_chain(cls)
    for path in _serving_files(index.path):
        other = index if Path(path) == index.path.resolve() else project.module_at(Path(path))
        if other is None:
            continue
        candidates = _servings(other, servers_of, server_from_annotation)
        if not candidates or not names_classes(other, chain, project):
            continue
        for server, how, calls in candidates:
            if calls is None or calls == method:
                return Serving(server, other, how)
    return None


def _servings(
    index: ModuleIndex, servers_of: ServersOf, server_from_annotation: FrameworkOf
) -> list[tuple[Server, str, str | None]]:
    """The servers `index` hands tool objects to: (server, how, the handler method its
    dispatcher calls, None for the tool manager), cached per module."""
    cached = _serving.get(id(index))
    if cached is not None and cached[0] is index:
        return cached[1]
    found: list[tuple[Server, str, str | None]] = []
    servers = {server.name: server for server in servers_of(index)}
    finder = _ToolManagerWrites()
    index.module.visit(finder)
    for target, enclosing in finder.writes:
        server = _server_named(target, enclosing, index, servers, server_from_annotation)
        if server is not None and server.drops_unknown:
            found.append((server, "tool manager", None))
    for function in index.decorated:
        for decorator in function.node.decorators:
            call = decorator.decorator
            if not isinstance(call, cst.Call) or last_name(call.func) != "call_tool":
                continue
            if not isinstance(call.func, cst.Attribute):
                continue
            server = servers.get(dotted_name(call.func.value) or "")
            if server is None or server.framework_id != "mcp-lowlevel":
                continue
            for keyword_arg in call.args:
                if keyword_arg.keyword is not None:
                    text = cst.Module([]).code_for_node(keyword_arg.value)
                    server.keywords.setdefault(keyword_arg.keyword.value, text)
            for method in _called_methods(function.node):
                found.append((server, f"dispatcher {function.node.name.value}", method))
    _serving[id(index)] = (index, found)
    return found


def _server_named(
    target: cst.BaseExpression,
    function: cst.FunctionDef | None,
    index: ModuleIndex,
    servers: dict[str, Server],
    server_from_annotation: FrameworkOf,
) -> Server | None:
    """The server `target` is: a parameter annotated with a server class, else a server
    bound in the module under that name (`self.mcp` by its last name)."""
    name = last_name(target) if isinstance(target, (cst.Name, cst.Attribute)) else None
    if name is None:
        return None
    if function is not None and isinstance(target, cst.Name):
        for param in (*function.params.params, *function.params.kwonly_params):
            annotation = param.annotation
            if param.name.value == name and annotation is not None:
                built = server_from_annotation(cst.Call(func=annotation.annotation), index)
                if built is not None:
                    built.name = name
                    return built
    return servers.get(name)


def names_classes(index: ModuleIndex, chain: list[ClassInfo], project: ProjectIndex) -> bool:
    """Whether `index` defines, imports, or imports the module of a class of `chain`
    (classes compared by file and name: a module may be indexed again in a run)."""
    keys = {_key(cls) for cls in chain}
    names = {cls.name for cls in chain}
    homes = {cls.index.path.resolve() for cls in chain if cls.index and cls.index.path}
    stems = {_stem(path) for path in homes}
    if any(_key(cls) in keys for cls in index.classes.values()):
        return True
    for local, imported in index.imports.items():
        if imported.name in names:
            found = project.lookup(local, index)
            if isinstance(found, ClassInfo) and _key(found) in keys:
                return True
        elif (imported.name or imported.module.rsplit(".", 1)[-1]) in stems:
            module = project.module_of(imported, index)
            if module is not None and module.path is not None:
                if module.path.resolve() in homes:
                    return True
    return False


def _key(cls: ClassInfo) -> tuple[str, str]:
    path = cls.index.path if cls.index is not None else None
    return (str(path.resolve()) if path is not None else "", cls.name)


def _stem(path: Path) -> str:
    return path.parent.name if path.name == "__init__.py" else path.stem


def _called_methods(function: cst.FunctionDef) -> set[str]:
    """Names of the methods the dispatcher calls (`handler.run_tool(arguments)`)."""
    finder = _MethodCalls()
    function.body.visit(finder)
    return finder.methods


class _MethodCalls(cst.CSTVisitor):
    def __init__(self) -> None:
        self.methods: set[str] = set()

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Attribute):
            self.methods.add(node.func.attr.value)


class _ToolManagerWrites(cst.CSTVisitor):
    """`X._tool_manager._tools[k] = v`, `X._tool_manager.add_tool(v)`,
    `X._tool_manager._tools.update(...)`: (X, the enclosing function)."""

    def __init__(self) -> None:
        self.writes: list[tuple[cst.BaseExpression, cst.FunctionDef | None]] = []
        self._functions: list[cst.FunctionDef] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._functions.append(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._functions.pop()

    def _found(self, expr: cst.BaseExpression) -> None:
        """`expr` is `X._tool_manager...`: remember X."""
        while isinstance(expr, (cst.Attribute, cst.Subscript)):
            if isinstance(expr, cst.Attribute) and expr.attr.value == "_tool_manager":
                self.writes.append((expr.value, self._functions[-1] if self._functions else None))
                return
            expr = expr.value

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        if isinstance(node.target, cst.Subscript):
            self._found(node.target)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("add_tool", "update"):
            self._found(func.value)


def package_server(
    index: ModuleIndex, servers_of: ServersOf, class_names: tuple[str, ...]
) -> Serving | None:
    """The one framework server (not a low-level `Server`) the package of `index`
    builds, when it builds exactly one: the server a tool reaching a framework sink
    through an object the checker cannot follow is registered on."""
    project = index.project
    if not isinstance(project, ProjectIndex) or index.path is None:
        return None
    found: dict[tuple[str, str], Serving] = {}
    markers = tuple(f"{name}(" for name in class_names)
    for path in package_files(index.path, markers):
        other = index if Path(path) == index.path.resolve() else project.module_at(Path(path))
        if other is None:
            continue
        for server in servers_of(other):
            if server.framework_id != "mcp-lowlevel":
                found[(path, server.name)] = Serving(server, other, "the package's only server")
        if len(found) > 1:
            return None
    return next(iter(found.values())) if len(found) == 1 else None


def _serving_files(path: Path) -> tuple[str, ...]:
    """Files of the package holding `path` whose text hands tools to a server."""
    return package_files(path, _MARKERS)
