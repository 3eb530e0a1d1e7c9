"""What a call into an installed dependency gives, read off its return annotation, and
which framework server class an installed class derives from.

A server built by a dependency's factory (`args, mcp, middlewares = create_mcp_server(
name=...)`, agent_connector_sdk's function annotated `-> tuple[argparse.Namespace,
FastMCP[Any], list[Any]]`) is a server of the class the annotation names, as a reader of
the dependency's signature sees. A project server subclassing a dependency's base
(`class FluidsLeafMCP(PyAnsysBaseMCP)`, ansys-common-mcp's `class PyAnsysBaseMCP(FastMCP,
ABC)`) is a server of the framework class that base derives from, as a reader of the
class's header sees. Only signatures and class headers are read, from the source files of
the installed package (never imported, never a body); the frameworks' own packages are
left to the framework tables.

Where dependencies are looked for: the folders in TOOLARGS_DEPENDENCY_PATH (separated
as PATH is), then this interpreter's site-packages. Run in the project's environment (as
flake8 usually is), the second is the project's dependencies.
"""

from __future__ import annotations

import functools
import os
import re
import sysconfig
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from toolargs.discovery.literals import dotted_name
from toolargs.source import SourceError, read

ENVIRONMENT = "TOOLARGS_DEPENDENCY_PATH"
# Packages the framework tables describe: their own annotations are not read.
FRAMEWORK_PACKAGES = frozenset({"mcp", "mcp_types", "fastmcp", "chuk_mcp_server"})
MAX_HOPS = 4  # re-exports followed (`from .server import create_mcp_server`)
MAX_BYTES = 1_000_000  # a module larger than this is not read for one signature

# What an annotation says a call gives: a class's qualified name, or a tuple's items.
Returned = str | tuple["Returned | None", ...]


@dataclass(frozen=True)
class _Module:
    name: str
    functions: dict[str, cst.FunctionDef]
    imports: dict[str, str]  # local name -> qualified name
    classes: frozenset[str]
    bases: dict[str, tuple[cst.BaseExpression, ...]]  # class name -> its bases as written


@functools.lru_cache(maxsize=1)
def search_paths() -> tuple[Path, ...]:
    given = [Path(p) for p in os.environ.get(ENVIRONMENT, "").split(os.pathsep) if p]
    installed = [Path(sysconfig.get_paths()[key]) for key in ("purelib", "platlib")]
    found: list[Path] = []
    for path in (*given, *installed):
        if path.is_dir() and path not in found:
            found.append(path)
    return tuple(found)


@functools.lru_cache(maxsize=1)
def given_paths() -> tuple[Path, ...]:
    """The folders TOOLARGS_DEPENDENCY_PATH names: the project's own environment."""
    given = [Path(p) for p in os.environ.get(ENVIRONMENT, "").split(os.pathsep) if p]
    return tuple(path for path in given if path.is_dir())


@functools.lru_cache(maxsize=512)
def absent(module: str) -> bool:
    """Whether importing `module` fails in the project's environment as given: its
    top-level package is installed there, and the module is not, or raises at its top
    level whatever happens (mcp 2.x's `mcp/server/fastmcp.py`, kept only to raise
    `ModuleNotFoundError`). False when no environment is given, or the package is not
    in it (nothing is known)."""
    parts = module.split(".")
    if len(parts) < 2 or not all(part.isidentifier() for part in parts):
        return False
    for base in given_paths():
        top = base / parts[0]
        if not (top / "__init__.py").is_file():
            continue
        target = base.joinpath(*parts)
        for path in (target.with_suffix(".py"), target / "__init__.py"):
            if path.is_file():
                return _raises_on_import(path)
        return not target.is_dir()  # a folder without `__init__.py`: a namespace
    return False


_TOP_LEVEL_RAISE = re.compile(r"^raise\b", re.M)


def _raises_on_import(path: Path) -> bool:
    try:
        if path.stat().st_size > MAX_BYTES:
            return False
        return _TOP_LEVEL_RAISE.search(read(path)) is not None
    except (OSError, SourceError):
        return False


@functools.lru_cache(maxsize=512)
def _module_file(module: str) -> Path | None:
    parts = module.split(".")
    if not all(part.isidentifier() for part in parts):
        return None
    for base in search_paths():
        target = base.joinpath(*parts)
        for candidate in (target.with_suffix(".py"), target / "__init__.py"):
            if candidate.is_file():
                return candidate
    return None


@functools.lru_cache(maxsize=128)
def _module(module: str) -> _Module | None:
    path = _module_file(module)
    if path is None:
        return None
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        text = read(path)
        if not _may_build_servers(text):
            return None  # parsed only where a signature may name a server class
        tree = cst.parse_module(text)
    except (OSError, SourceError, cst.ParserSyntaxError, RecursionError, MemoryError):
        return None
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    functions: dict[str, cst.FunctionDef] = {}
    imports: dict[str, str] = {}
    classes: set[str] = set()
    bases: dict[str, tuple[cst.BaseExpression, ...]] = {}
    for statement in tree.body:
        if isinstance(statement, cst.FunctionDef):
            functions[statement.name.value] = statement
        elif isinstance(statement, cst.ClassDef):
            classes.add(statement.name.value)
            bases[statement.name.value] = tuple(
                arg.value for arg in statement.bases if arg.keyword is None and not arg.star
            )
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                _imports_of(small, package, imports)
    return _Module(module, functions, imports, frozenset(classes), bases)


def _may_build_servers(text: str) -> bool:
    """Whether a module's text names an MCP server class at all (or re-exports names,
    which may be such a factory): most modules a call reaches are not read further."""
    return "import" in text and ("MCP" in text or "mcp" in text)


def _imports_of(small: cst.BaseSmallStatement, package: str, imports: dict[str, str]) -> None:
    if isinstance(small, cst.Import):
        for alias in small.names:
            dotted = dotted_name(alias.name) or ""
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                imports[alias.asname.name.value] = dotted
            elif dotted:
                imports[dotted.split(".")[0]] = dotted.split(".")[0]
    elif isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
        base = dotted_name(small.module) if small.module is not None else ""
        if small.relative:
            parent = package
            for _ in range(len(small.relative) - 1):
                parent = parent.rpartition(".")[0]
            base = f"{parent}.{base}" if base else parent
        for alias in small.names:
            name = dotted_name(alias.name) or ""
            local = (
                alias.asname.name.value
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name)
                else name
            )
            if base and name:
                imports[local] = f"{base}.{name}"


def _home(qualname: str, defines: Callable[[_Module, str], bool]) -> tuple[_Module, str] | None:
    """The installed module defining `qualname` as `defines` asks, and the name there,
    following re-exports (`from .server import create_mcp_server` in a package's
    `__init__.py`) up to MAX_HOPS; None for the frameworks' own packages and what is not
    read."""
    for _ in range(MAX_HOPS + 1):
        parts = qualname.split(".")
        if parts[0] in FRAMEWORK_PACKAGES or len(parts) < 2:
            return None
        module = _module(".".join(parts[:-1]))
        if module is None:
            return None
        name = parts[-1]
        if defines(module, name):
            return module, name
        imported = module.imports.get(name)
        if not imported or imported == qualname:
            return None
        qualname = imported
    return None


@functools.lru_cache(maxsize=512)
def returned(qualname: str) -> Returned | None:
    """What the installed function `qualname` is annotated to return, or None (not a
    dependency's module-level function, no annotation, or nothing it names is read)."""
    home = _home(qualname, lambda module, name: name in module.functions)
    if home is None:
        return None
    module, name = home
    function = module.functions[name]
    if function.returns is None:
        return None
    return _annotation(function.returns.annotation, module)


@functools.lru_cache(maxsize=512)
def server_base(qualname: str, servers: frozenset[str], hops: int = 0) -> str | None:
    """The class of `servers` (the framework tables' server classes) the installed class
    `qualname` derives from, read off the class headers of its module and of the
    modules its bases come from; None when it derives from none, or is not read."""
    home = _home(qualname, lambda module, name: name in module.bases)
    if home is None or hops > MAX_HOPS:
        return None
    module, name = home
    for node in module.bases[name]:
        if isinstance(node, cst.Subscript):  # `Base[Lifespan]`
            node = node.value
        base = _qualified(node, module)
        if base is None:
            continue
        if base in servers:
            return base
        found = server_base(base, servers, hops + 1)
        if found is not None:
            return found
    return None


def _annotation(node: cst.BaseExpression, module: _Module) -> Returned | None:
    if isinstance(node, cst.SimpleString):  # `-> "FastMCP"`
        text = node.evaluated_value
        if not isinstance(text, str):
            return None
        try:
            return _annotation(cst.parse_expression(text), module)
        except cst.ParserSyntaxError:
            return None
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        return _annotation(node.left, module) or _annotation(node.right, module)
    if isinstance(node, cst.Subscript):
        outer = _qualified(node.value, module)
        items = [
            element.slice.value
            for element in node.slice
            if isinstance(element.slice, cst.Index)
        ]
        if outer in ("tuple", "typing.Tuple"):
            return tuple(_annotation(item, module) for item in items)
        if outer in ("typing.Optional", "typing.Union"):
            return next((a for a in (_annotation(i, module) for i in items) if a), None)
        return outer  # `FastMCP[Any]`: the class
    return _qualified(node, module)


def _qualified(node: cst.BaseExpression, module: _Module) -> str | None:
    dotted = dotted_name(node)
    if not dotted:
        return None
    head, _, rest = dotted.partition(".")
    if head in module.imports:
        base = module.imports[head]
        return f"{base}.{rest}" if rest else base
    if head in module.classes and not rest:
        return f"{module.name}.{head}"
    return dotted
