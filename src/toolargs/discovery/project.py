"""The project index: every module of the analysed tree that discovery looks at, parsed
and indexed once per process, and the queries that follow names across them.

Data flows one way: files -> module indexes (here) -> summaries -> tools. Resolvers
(schemas, annotations, handlers, effects) ask this index for other modules; they never
read or parse a file themselves. Nothing is imported or run.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Union

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.index import (
    ClassInfo,
    FunctionInfo,
    ImportedName,
    ModuleIndex,
    build_index,
)
from toolargs.source import (
    INSTALLATION_FOLDERS,
    SourceError,
    guard,
    parse_shared,
    read,
    source_of,
)

MAX_HOPS = 8  # re-exports, aliases and attribute chains followed before giving up
MAX_MODULES = 512  # modules kept per process; the least recently used are dropped


@dataclass(frozen=True, eq=False)
class Instance:
    """An object built from a project class (`api = Api()`, `self` in a method)."""

    cls: ClassInfo


Definition = Union[FunctionInfo, ClassInfo, ModuleIndex, Instance]


class ProjectIndex:
    """The modules of one analysis run (per process and configuration), by file."""

    def __init__(self, config: Config) -> None:
        self.config = config
        # by file: the hash of the text indexed (None: not known), and the index (None: the
        # file cannot be read or parsed)
        self._modules: OrderedDict[str, tuple[int | None, ModuleIndex | None]] = OrderedDict()
        self._dropped: list[ModuleIndex] = []  # dropped, not yet released
        # Counts the times a module was given a new text (`fix` analysing what it would
        # write): what was concluded from the modules before that may no longer hold.
        self.edition = 0
        # Counts the releases of dropped modules: what was kept of them (a model's tools
        # point into their trees) must be built again.
        self.releases = 0

    # --- modules ---

    def add(self, module: cst.Module, path: Path | None, source: str | None = None) -> ModuleIndex:
        """The index of an analysed module, built once: a module another file imported
        earlier in the run is not indexed again."""
        if path is None:
            index = build_index(module, None, self.config)
            index.project = self
            return index
        key = str(path.resolve())
        cached = self._modules.get(key)
        if cached is not None and cached[1] is not None and cached[1].module is module:
            return cached[1]
        if cached is not None and cached[1] is not None:
            self._forget(cached[1])  # a new text of a module (`fix` rewrote it)
        if source is None:  # the text it was parsed from, while the parse is kept
            source = source_of(module)
        digest = hash(source) if source is not None else None
        if cached is not None and (cached[0] != digest or digest is None):
            self.edition += 1
        index = build_index(module, path, self.config)
        index.project = self
        self._remember(key, digest, index)
        return index

    def parsed(self, path: str, source: str) -> cst.Module | None:
        """The tree of a file already parsed in this run from the same text, if any."""
        try:
            key = str(Path(path).resolve())
        except (OSError, ValueError):
            return None
        cached = self._modules.get(key)
        if cached is None or cached[1] is None or cached[0] != hash(source):
            return None
        return cached[1].module

    def load(self, origin: ModuleIndex, imported: ImportedName) -> ModuleIndex | None:
        """The project module an import of `origin` names, or None (not in the tree)."""
        if origin.path is None:
            return None
        if imported in origin.loaded:
            return origin.loaded[imported]
        path = _module_file_from(origin.path.parent, imported.module, imported.level)
        found = None if path is None or path == origin.path else self.module_at(path)
        origin.loaded[imported] = found
        if found is not None:
            found.importers[id(origin)] = origin
        return found

    def module_at(self, path: Path) -> ModuleIndex | None:
        key = str(path.resolve())
        cached = self._modules.get(key)
        source: str | None = None
        if cached is not None:
            if cached[1] is None:
                self._modules.move_to_end(key)
                return cached[1]
            # Indexed from a text given to `add` (a checked file, a rewritten module, an
            # editor's buffer): it stands while that is what the file reads as (a later
            # run in the same process may read the file as it is on disk again); one
            # given without its text (a rewrite `fix` built) is read again.
            try:
                source = read(Path(key))
            except SourceError:
                source = None
            if source is not None and cached[0] is not None and hash(source) == cached[0]:
                self._modules.move_to_end(key)
                return cached[1]
            self._forget(cached[1])
            self.edition += 1
        try:
            source = read(Path(key)) if source is None else source
            guard(source, key)  # past its limits the native parser may crash the process
            module = parse_shared(source, key)
        except (SourceError, cst.ParserSyntaxError, RecursionError, MemoryError):
            self._remember(key, None, None)
            return None
        index = build_index(module, Path(key), self.config)
        index.project = self
        self._remember(key, hash(source), index)
        return index

    def _forget(self, old: ModuleIndex) -> None:
        """A module is given a new text: its importers load it again."""
        for importer in old.importers.values():
            for imported in [k for k, v in importer.loaded.items() if v is old]:
                del importer.loaded[imported]

    def _remember(self, key: str, digest: int | None, index: ModuleIndex | None) -> None:
        self._modules[key] = (digest, index)
        self._modules.move_to_end(key)
        while len(self._modules) > MAX_MODULES:
            _, (_, dropped) = self._modules.popitem(last=False)
            if dropped is not None:
                self._dropped.append(dropped)

    def release_dropped(self) -> None:
        """Release the modules dropped so far (see ModuleIndex.release). Only between two
        analyses: the analysis under way may still hold what it looked up in them."""
        dropped, self._dropped = self._dropped, []
        for index in dropped:
            index.release()
        if dropped:
            self.releases += 1

    def module_of(self, imported: ImportedName, index: ModuleIndex) -> ModuleIndex | None:
        """The module imported as a name (`from . import schemas`, `import pkg.tools`)."""
        if imported.name:
            joined = f"{imported.module}.{imported.name}" if imported.module else imported.name
            return self.load(index, ImportedName(joined, "", imported.level))
        return self.load(index, imported)

    # --- names ---

    def lookup(self, name: str, index: ModuleIndex, hops: int = 0) -> Definition | None:
        """What `name` is at the top level of `index`: a function, class or submodule,
        defined there or imported or re-exported into it (star imports too)."""
        if name in index.functions and index.functions[name].parent is None:
            return index.functions[name]
        if name in index.classes:
            return index.classes[name]
        if hops >= MAX_HOPS:
            return None
        imported = index.imports.get(name)
        if imported is not None:
            if imported.name:
                other = self.load(index, imported)
                if other is not None:
                    found = self.lookup(imported.name, other, hops + 1)
                    if found is not None:
                        return found
                    if imported.name not in other.constants:
                        return self.module_of(imported, index)
                    return None
                return self.module_of(imported, index)
            return self.load(index, imported)
        if name in index.functions:
            return index.functions[name]
        if name in index.constants:
            return None
        for star in index.star_imports:
            other = self.load(index, star)
            if other is not None:
                found = self.lookup(name, other, hops + 1)
                if found is not None:
                    return found
        return None

    def constant(
        self, name: str, index: ModuleIndex, hops: int = 0
    ) -> tuple[cst.BaseExpression, ModuleIndex] | None:
        """The value bound to a module-level `name`, here or where it is imported from."""
        if name in index.constants:
            return index.constants[name], index
        if hops >= MAX_HOPS:
            return None
        imported = index.imports.get(name)
        if imported is not None and imported.name:
            other = self.load(index, imported)
            return self.constant(imported.name, other, hops + 1) if other else None
        for star in index.star_imports:
            other = self.load(index, star)
            found = self.constant(name, other, hops + 1) if other else None
            if found is not None:
                return found
        return None

    def class_chain(self, cls: ClassInfo) -> list[ClassInfo]:
        """The class and its project base classes, nearest first, each once."""
        chain: list[ClassInfo] = []
        queue = [cls]
        seen: set[int] = set()
        while queue and len(chain) < 32:
            current = queue.pop(0)
            if id(current.node) in seen:
                continue
            seen.add(id(current.node))
            chain.append(current)
            for base in current.node.bases:
                value = base.value.value if isinstance(base.value, cst.Subscript) else base.value
                if current.index is None:
                    continue
                found = self.definition(value, current.index, None, MAX_HOPS // 2)
                if isinstance(found, ClassInfo):
                    queue.append(found)
        return chain

    def method(self, cls: ClassInfo, name: str) -> FunctionInfo | None:
        """`name` looked up on the class and its project bases (MRO-like, nearest first)."""
        for current in self.class_chain(cls):
            found = current.method_infos.get(name)
            if found is not None:
                return found
        return None

    def attribute(
        self, cls: ClassInfo, name: str
    ) -> tuple[cst.BaseExpression, ModuleIndex, FunctionInfo | None] | None:
        """A class attribute or an attribute set on `self` in a method, with where its
        value is written (the method, for `self.x = ...`)."""
        for current in self.class_chain(cls):
            if current.index is None:
                continue
            if name in current.attributes:
                return current.attributes[name], current.index, None
            assigned = current.instance_attributes.get(name)
            if assigned is not None:
                return assigned[0], current.index, assigned[1]
        return None

    # --- definitions ---

    def definition(
        self,
        expr: cst.BaseExpression,
        index: ModuleIndex,
        function: FunctionInfo | None,
        hops: int = 0,
    ) -> Definition | None:
        """What `expr` (written in `function` of `index`, or at module level) denotes:
        a project function, class, module, or an object of a project class."""
        if hops > MAX_HOPS:
            return None
        if isinstance(expr, cst.Await):
            expr = expr.expression
        if isinstance(expr, cst.Name):
            return self._name(expr.value, index, function, hops)
        if isinstance(expr, cst.Call):
            built = self.definition(expr.func, index, function, hops + 1)
            if isinstance(built, ClassInfo):
                return Instance(built)
            if isinstance(expr.func, cst.Name) and expr.func.value == "super" and function:
                owner = function.owner
                chain = self.class_chain(owner) if owner is not None else []
                return Instance(chain[1]) if len(chain) > 1 else None
            return None
        if isinstance(expr, cst.Attribute):
            base = self.definition(expr.value, index, function, hops + 1)
            return self.member(base, expr.attr.value, hops + 1)
        return None

    def member(self, base: Definition | None, name: str, hops: int = 0) -> Definition | None:
        if base is None or hops > MAX_HOPS:
            return None
        if isinstance(base, ModuleIndex):
            found = self.lookup(name, base)
            if found is not None:
                return found
            constant = base.constants.get(name)
            return self._value(constant, base, None, hops + 1) if constant is not None else None
        if isinstance(base, (ClassInfo, Instance)):
            cls = base.cls if isinstance(base, Instance) else base
            method = self.method(cls, name)
            if method is not None:
                return method
            attribute = self.attribute(cls, name)
            if attribute is not None:
                value, where, in_method = attribute
                return self._value(value, where, in_method, hops + 1)
        return None

    def _name(
        self, name: str, index: ModuleIndex, function: FunctionInfo | None, hops: int
    ) -> Definition | None:
        scope = function
        while scope is not None:
            nested = scope.nested.get(name)
            if nested is not None:
                return nested
            if name in scope.locals:
                return self._value(scope.locals[name], index, scope, hops + 1)
            first = _first_param(scope)
            if scope.owner is not None and name == first:
                if first == "cls" or _is_classmethod(scope):
                    return scope.owner
                return Instance(scope.owner)
            annotated = scope.annotations.get(name)
            if annotated is not None:
                found = self.definition(annotated, index, None, hops + 1)
                return Instance(found) if isinstance(found, ClassInfo) else None
            if name in scope.params:
                return None
            scope = scope.enclosing
        found = self.lookup(name, index)
        if found is not None:
            return found
        constant = index.constants.get(name)
        if constant is not None:
            return self._value(constant, index, None, hops + 1)
        return None

    def _value(
        self,
        value: cst.BaseExpression,
        index: ModuleIndex,
        function: FunctionInfo | None,
        hops: int,
    ) -> Definition | None:
        """What a bound value denotes: an alias, an object built from a project class."""
        if isinstance(value, cst.Await):
            value = value.expression
        if isinstance(value, (cst.Name, cst.Attribute, cst.Call)):
            return self.definition(value, index, function, hops)
        return None

    # --- calls ---

    def resolve_call(self, call: cst.Call, in_function: FunctionInfo | None) -> FunctionInfo | None:
        """The project function `call` runs when made in `in_function` (None: at module
        level of `in_function.index`): through names, imports and re-exports, `self.m()`,
        `cls.m()`, `super().m()`, `Class.m()`, `obj.m()` for `obj = Class(...)`, module
        attributes; a class called runs its `__init__`. None when not a project function.
        """
        if in_function is None or in_function.index is None:
            return None
        return self.callee(call.func, in_function.index, in_function)

    def callee(
        self, func: cst.BaseExpression, index: ModuleIndex, function: FunctionInfo | None
    ) -> FunctionInfo | None:
        found = self.definition(func, index, function)
        if isinstance(found, FunctionInfo):
            return found
        if isinstance(found, ClassInfo):
            return self.method(found, "__init__")
        if isinstance(found, Instance):
            return self.method(found.cls, "__call__")
        return None


def _first_param(function: FunctionInfo) -> str | None:
    params = function.node.params.params
    return params[0].name.value if params else None


def _is_classmethod(function: FunctionInfo) -> bool:
    return any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "classmethod"
        for d in function.node.decorators
    )


@functools.lru_cache(maxsize=1024)
def _module_file_from(directory: Path, module: str, level: int) -> Path | None:
    """The file of `module` imported from a file in `directory`: each answer costs up to
    eighteen `stat` calls, and the files of one package ask the same questions."""
    parts = [p for p in module.split(".") if p]
    if level:
        base = directory
        for _ in range(level - 1):
            base = base.parent
        candidates = [base]
    else:
        candidates = list(directory.parents)[:8]
        candidates.insert(0, directory)
        # In site-packages, another top-level name is another distribution: not the
        # project's (a file of `fastmcp` there does not make `rich` part of it).
        candidates = [
            base for base in candidates
            if base.name not in INSTALLATION_FOLDERS
            or (parts and directory.is_relative_to(base / parts[0]))
        ]  # fmt: skip
    for base in candidates:
        if not parts:  # `from . import x`: the package itself
            candidate = base / "__init__.py"
            if candidate.is_file():
                return candidate
            continue
        target = base.joinpath(*parts)
        for candidate in (target.with_suffix(".py"), target / "__init__.py"):
            if candidate.is_file():
                return candidate
    return None


def _package_modules(root: Path, alone: bool) -> Iterator[Path]:
    """The modules of the package at `root`; for a folder of loose scripts, the scripts
    and the packages beside them that they can import, not every folder under it (a
    script in a home folder or a checkout's root must not walk its virtualenvs)."""
    if not alone:
        yield from root.rglob("*.py")
        return
    yield from root.glob("*.py")
    for child in sorted(root.iterdir()):
        if child.is_dir() and (child / "__init__.py").is_file():
            yield from child.rglob("*.py")


@functools.lru_cache(maxsize=16)
def project_for(config: Config) -> ProjectIndex:
    """One project index per process and configuration, shared by every analysed file."""
    return ProjectIndex(config)


MAX_PACKAGE_FILES = 2000  # files of one package read for a marker, the shallowest first
_package_texts: dict[str, tuple[str, ...]] = {}  # (root, markers, mode) -> files found


def package_files(
    path: Path, markers: tuple[str, ...], *, loose: str = "module"
) -> tuple[str, ...]:
    """Files of the top-level package holding `path` whose text holds one of `markers`,
    read as text once per run (at most MAX_PACKAGE_FILES of them).

    A module in no package is, with `loose="module"`, a package of its own; with
    `loose="folder"`, its folder's modules are its package (scripts that import each
    other side by side).
    """
    file = path.resolve()
    root = file.parent
    alone = not (root / "__init__.py").exists()
    if not alone:
        while (root.parent / "__init__.py").exists() and root.parent != root:
            root = root.parent
    single = alone and loose == "module"
    key = f"{file if single else root}|{loose}|{'|'.join(markers)}"
    if key not in _package_texts:
        found: list[str] = []
        try:
            # The shallowest first: the module that builds the server sits near the
            # package's top (`pkg/server.py`), not among hundreds of `pkg/modules/*/`.
            files = [file] if single else sorted(
                _package_modules(root, alone), key=lambda each: (len(each.parts), each)
            )
        except OSError:
            files = []
        for each in files[:MAX_PACKAGE_FILES]:
            try:
                text = read(each)
            except SourceError:
                continue
            if any(marker in text for marker in markers):
                found.append(str(each.resolve()))
        _package_texts[key] = tuple(found)
    return _package_texts[key]
