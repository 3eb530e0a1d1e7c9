"""Servers mounted into other servers: `main.mount(sub, namespace="jira")` (fastmcp 3),
`main.mount(sub, prefix="jira")` / `main.mount("jira", sub)` / `main.import_server(sub,
prefix="jira")` (fastmcp 2.x). The tools of `sub` are served as `<prefix>_<name>`
(fastmcp's rule), and a parent mounted in turn adds its own prefix in front.

The mounting module usually imports the sub-server's module, not the other way round, so
the modules of the analysed file's package are looked at (those whose text calls
`mount(` or `import_server(`), bounded in files and in depth. Nothing is imported or run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from toolargs.discovery.index import ImportedName, ModuleIndex
from toolargs.discovery.literals import string_value
from toolargs.discovery.project import ProjectIndex, package_files

MAX_DEPTH = 4  # servers mounted into mounted servers
_METHODS = ("mount", "import_server")
_PREFIX_KEYWORDS = ("namespace", "prefix")


@dataclass(frozen=True)
class Mount:
    parent: cst.BaseExpression  # the server mounted into
    child: cst.BaseExpression  # the server mounted
    prefix: str


_mounts: dict[int, tuple[ModuleIndex, list[Mount]]] = {}


def mount_prefix(index: ModuleIndex, server: str) -> str:
    """The prefix the tools of `server` (a name bound at the top of `index`) get from
    the mounts of their package, "" when it is not mounted with one."""
    project = index.project
    if not isinstance(project, ProjectIndex) or index.path is None or "." in server:
        return ""
    return _prefix(project, index, server, 0, set())


def mounted_into(index: ModuleIndex, server: str) -> tuple[str, ModuleIndex] | None:
    """The server `server` (a name bound at the top of `index`) is mounted into, through
    every level of mounts: the outermost parent's name and the module binding it. Its
    middleware runs for the calls routed to the mounted servers too (fastmcp 2.9 on)."""
    project = index.project
    if not isinstance(project, ProjectIndex) or index.path is None or "." in server:
        return None
    found: tuple[str, ModuleIndex] | None = None
    seen: set[tuple[str, str]] = set()
    current, name = index, server
    for _ in range(MAX_DEPTH):
        parent = _parent(project, current, name)
        if parent is None or current.path is None:
            break
        key = (str(current.path.resolve()), name)
        if key in seen:
            break
        seen.add(key)
        found = parent
        name, current = parent
    return found


def _parent(
    project: ProjectIndex, index: ModuleIndex, server: str
) -> tuple[str, ModuleIndex] | None:
    if index.path is None:
        return None
    here = str(index.path.resolve())
    for path in _mounting_files(index.path):
        other = index if path == here else project.module_at(Path(path))
        if other is None:
            continue
        for mount in _mounts_in(other):
            if isinstance(mount.parent, cst.Name) and _names(
                mount.child, other, project, index, server
            ):
                return mount.parent.value, other
    return None


def _prefix(
    project: ProjectIndex, index: ModuleIndex, server: str, depth: int, seen: set[tuple[str, str]]
) -> str:
    if index.path is None or depth >= MAX_DEPTH:
        return ""
    key = (str(index.path.resolve()), server)
    if key in seen:  # mounted into itself through a cycle
        return ""
    seen.add(key)
    for path in _mounting_files(index.path):
        other = index if path == key[0] else project.module_at(Path(path))
        if other is None:
            continue
        for mount in _mounts_in(other):
            if not _names(mount.child, other, project, index, server):
                continue
            parent = mount.parent
            outer = ""
            if isinstance(parent, cst.Name):
                outer = _prefix(project, other, parent.value, depth + 1, seen)
            return f"{outer}_{mount.prefix}" if outer else mount.prefix
    return ""


def _names(
    expr: cst.BaseExpression,
    where: ModuleIndex,
    project: ProjectIndex,
    index: ModuleIndex,
    server: str,
) -> bool:
    """Whether `expr`, written in `where`, is the server `server` of `index`."""
    if isinstance(expr, cst.Name):
        if where is index and expr.value == server and expr.value not in where.imports:
            return True
        imported = where.imports.get(expr.value)
        if imported is None or not imported.name or imported.name != server:
            return False
        module = project.load(where, ImportedName(imported.module, "", imported.level))
        return module is index or _same_file(module, index)
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
        if expr.attr.value != server:
            return False
        imported = where.imports.get(expr.value.value)
        if imported is None:
            return False
        module = project.module_of(imported, where)
        return module is index or _same_file(module, index)
    return False


def _same_file(module: ModuleIndex | None, index: ModuleIndex) -> bool:
    return (
        module is not None
        and module.path is not None
        and index.path is not None
        and module.path.resolve() == index.path.resolve()
    )


def _mounts_in(index: ModuleIndex) -> list[Mount]:
    """The mounts of `index`, from the calls its one walk collected, in source order."""
    cached = _mounts.get(id(index))
    if cached is not None and cached[0] is index:
        return cached[1]
    found = [mount for mount in map(_mount, index.server_calls) if mount is not None]
    _mounts[id(index)] = (index, found)
    return found


def _mount(node: cst.Call) -> Mount | None:
    func = node.func
    if not isinstance(func, cst.Attribute) or func.attr.value not in _METHODS:
        return None
    prefix: str | None = None
    child: cst.BaseExpression | None = None
    for arg in node.args:
        if arg.keyword is not None:
            if arg.keyword.value in _PREFIX_KEYWORDS:
                prefix = string_value(arg.value)
            elif arg.keyword.value == "server":
                child = arg.value
        elif arg.star == "":
            text = string_value(arg.value)
            if text is not None and prefix is None:
                prefix = text
            elif text is None and child is None:
                child = arg.value
    if prefix and child is not None:
        return Mount(func.value, child, prefix)
    return None


def _mounting_files(path: Path) -> tuple[str, ...]:
    """Files of the package holding `path` (its folder, for a module in no package) whose
    text calls `mount(` or `import_server(`."""
    return package_files(path, tuple(f".{method}(" for method in _METHODS), loose="folder")
