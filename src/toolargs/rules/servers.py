"""A server and every tool it serves, across the modules of its package.

A server-level finding (one remedy, `enforce_policy(server)`) is judged once, in the
module that builds the server, over all its tools: the tools of `tools/papers.py` and
`tools/authors.py` registered on the `mcp` that `app.py` builds are one server with one
remedy. A module holding tools of a server built elsewhere in its package leaves the
report to that module (the audit still counts the finding on its tools).
"""

from __future__ import annotations

import functools
import os
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.project import project_for
from toolargs.model import ModuleModel, Server, Tool
from toolargs.positions import positions

Site = tuple[str, int]  # the real path of the module building a server, and its line
MAX_REEXPORTS = 4  # `from .app import mcp` through package __init__ re-exports


def site_of(server: Server, model: ModuleModel) -> Site | None:
    """Where `server`, as `model` sees it, is built; None when no module of the
    project can be told."""
    if not server.served_from and isinstance(server.node, cst.Call):
        if not model.path:
            return None
        found = positions(model.module, [server.node], None, model.statement_of)
        if id(server.node) in found:
            return _real(model.path), found[id(server.node)][0]
        return None
    imported = _imported_site(server.name, model)
    if imported is not None:
        return imported
    if server.built_at is not None:
        return _real(server.built_at[0]), server.built_at[1]
    return None


def sites_of(server: Server, model: ModuleModel) -> list[Site]:
    """Every place `server` is built: `site_of`'s, and the others of a server a register
    function is handed by several factories."""
    site = site_of(server, model)
    if site is None:
        return []
    return [site, *((_real(path), line) for path, line in server.built_also)]


def _imported_site(name: str, model: ModuleModel) -> Site | None:
    """The construction `name`, imported by `model`'s module, is bound to there."""
    project = model.project
    if project is None or not model.path:
        return None
    index = project.module_at(Path(model.path))
    for _ in range(MAX_REEXPORTS):
        if index is None:
            return None
        imported = index.imports.get(name)
        if imported is None or not imported.name:
            return None
        other = project.load(index, imported)
        if other is None or other.path is None:
            return None
        index, name = other, imported.name
        call = index.bound_calls.get(name)
        if isinstance(call, cst.Call):
            found = positions(index.module, [call], None, index.statement_of)
            if id(call) not in found:
                return None
            return _real(str(index.path)), found[id(call)][0]
    return None


@functools.lru_cache(maxsize=4096)
def _real(path: str) -> str:
    """The file's real path (asked for every tool's server, of the same few files)."""
    return os.path.realpath(path)


Stamp = str  # a file's version: its modification time and size, or its text being read


def _stamp(path: str) -> Stamp:
    from toolargs.discovery.flow_link import file_stamp

    return file_stamp(Path(path))


@dataclass
class _Cached:
    config: Config
    source: str | None  # the text the model was built from (None: the file is unreadable)
    stamp: Stamp | None  # the file's, when it was last seen holding `source`
    model: ModuleModel | None
    edition: int  # the project's (ProjectIndex.edition) when the model was built
    # Where the servers of `model` are built, asked once per version of the package's
    # files (`token`): every module building a server of the package asks it of every
    # other module, and the answer follows imports into other modules.
    _token: tuple[object, ...] = ()
    _served: dict[Site, list[Tool]] | None = None  # the tools registered on each site
    _built: set[Site] | None = None  # the sites of the servers the module builds

    def _valid(self, token: tuple[object, ...]) -> None:
        if token != self._token:
            self._token, self._served, self._built = token, None, None

    def tools_on(self, token: tuple[object, ...]) -> dict[Site, list[Tool]]:
        """The model's tools by the site of the server each is registered on, in order."""
        self._valid(token)
        if self._served is None:
            self._served = {}
            sites: dict[int, list[Site]] = {}
            for tool in self.model.tools if self.model is not None else ():
                server = tool.server_model
                if server is None or self.model is None:
                    continue
                if id(server) not in sites:
                    sites[id(server)] = sites_of(server, self.model)
                for found in sites[id(server)]:
                    self._served.setdefault(found, []).append(tool)
        return self._served

    def builds(self, site: Site, token: tuple[object, ...]) -> bool:
        """Whether the model builds a server of its own at `site`."""
        self._valid(token)
        if self._built is None:
            model = self.model
            built = (site_of(s, model) for s in model.servers if _built_here(s)) if model else ()
            self._built = {found for found in built if found is not None}
        return site in self._built


# One model per module, file version and configuration in a process, by real path: the
# checker's own (`analyze_source` keeps it) and those built here for the servers of
# another module of the package, whichever comes first; the other takes it.
_models: OrderedDict[str, _Cached] = OrderedDict()
MAX_CACHED_MODELS = 512  # as many as the project index keeps modules


def _key(real: str, config: Config) -> str:
    return f"{real}|{id(config)}"


def _current(cached: _Cached | None, config: Config) -> _Cached | None:
    """`cached`, unless it is of another configuration, some module of the project has
    been given another text since it was built (a model reads other modules: the server
    its tools are registered on, their schemas), or its model looks into a module the
    project index has released since (see ModuleIndex.release)."""
    if cached is None or cached.config is not config:
        return None
    if cached.edition != project_for(config).edition:
        return None
    tools = cached.model.tools if cached.model is not None else ()
    for tool in tools:
        function = tool.handler.function if tool.handler is not None else None
        if function is not None and function.index is not None and function.index.project is None:
            return None
    return cached


def _store(real: str, cached: _Cached) -> _Cached:
    key = _key(real, cached.config)
    _models[key] = cached
    _models.move_to_end(key)
    while len(_models) > MAX_CACHED_MODELS:
        _models.popitem(last=False)
    return cached


def model_of(path: str, source: str, module: cst.Module, config: Config) -> ModuleModel | None:
    """The model of `module`, parsed from `source` read at `path`, when one is built
    already in this process (for a server of another module of its package, or by an
    earlier check of the same text); judged or not, its behaviours are assigned."""
    try:
        real = _real(path)
    except (OSError, ValueError):
        return None
    cached = _current(_models.get(_key(real, config)), config)
    model = cached.model if cached is not None else None
    if cached is None or model is None or cached.source != source:
        return None
    if model.path != path or model.module is not module:
        return None
    _models.move_to_end(_key(real, config))
    return model


def keep(path: str, source: str, config: Config, model: ModuleModel) -> None:
    """Keep the checker's model of the module at `path` for the servers of its package,
    unless it is the one kept already."""
    if not path:
        return
    try:
        real = _real(path)
    except (OSError, ValueError):
        return
    cached = _models.get(_key(real, config))
    if cached is not None and cached.model is model:
        return
    _store(real, _Cached(config, source, None, model, project_for(config).edition))


def _model_at(path: str, config: Config, like: str) -> _Cached | None:
    """The judged-ready model of the module at the real `path` (its `model` is None: not
    a module with tools), or None when the file cannot be read. A model built here takes
    the path as the checker would be given it, when `like`, the asking module's, is
    relative: so that the checker takes it when it comes to that module."""
    from toolargs.analysis import parse
    from toolargs.behaviour import assign_behaviours
    from toolargs.discovery import build_model
    from toolargs.prefilter import may_define_tools
    from toolargs.source import SourceError, read

    stamp = _stamp(path)  # a text being rewritten is not the file's: it has its own
    if stamp.endswith(":gone"):
        return None
    cached = _current(_models.get(_key(path, config)), config)
    if cached is not None and cached.stamp == stamp:
        return cached
    try:
        source: str | None = read(Path(path))
    except SourceError:
        source = None
    if cached is not None and cached.source == source:
        cached.stamp = stamp  # the checker's model, of the file's text
        return cached
    model = None
    try:
        if source is not None and may_define_tools(source, config):
            shown = _given_like(path, like)
            model = build_model(parse(source, shown), shown, config, source)
            assign_behaviours(model)
    except SourceError:
        model = None
    return _store(path, _Cached(config, source, stamp, model, project_for(config).edition))


def _given_like(real: str, like: str) -> str:
    """The real path `real` written as the path `like` is: relative when it is."""
    if os.path.isabs(like):
        return real
    try:
        return os.path.relpath(real)
    except ValueError:  # another drive
        return real


def builds(site: Site, model: ModuleModel, config: Config) -> bool:
    """Whether the module at `site` builds a server there that it reports itself: a
    module of `model`'s package other than `model`'s own."""
    path, _ = site
    if not model.path or path == _real(model.path) or not _in_package(path, model.path):
        return False
    other = _model_at(path, config, model.path)
    return other is not None and other.builds(site, _token(_package(model.path), config))


def served_tools(server: Server, model: ModuleModel, config: Config) -> list[Tool]:
    """Every tool `server` serves: the module's own, and, for a server the module
    builds, those of the other modules of its package registered on it."""
    parent = _real(server.mounted_in) if server.mounted_into and model.path else ""
    if parent and parent != _real(model.path) and _in_package(parent, model.path):
        # Mounted into a server another module of the package builds: that module serves
        # its tools, under its one policy, and reports them there.
        return []
    own = [t for t in model.tools if t.server == server.name]
    if not _built_here(server):
        return own
    site = site_of(server, model)
    if site is None:
        return own
    package = _served_in(model.path, config)
    # module by module, each module's tools registered on it, then those it mounts there
    others = sorted(
        (*package.on.get(site, ()), *package.mounted.get((site[0], server.name), ())),
        key=lambda entry: entry[0],
    )
    return own + [tool for _, path, tool in others if path != site[0]]


@dataclass
class _Served:
    """The tools every module of a package registers on each server site, and those
    whose server is mounted into another, each with its module's position in the
    package and path: built once per version of the package's files, not once per module asking."""

    on: dict[Site, list[tuple[int, str, Tool]]]
    mounted: dict[tuple[str, str], list[tuple[int, str, Tool]]]


_packages: dict[tuple[str, ...], tuple[tuple[object, ...], _Served]] = {}  # by its files
MAX_SERVED_PACKAGES = 64


def _token(package: list[str], config: Config) -> tuple[object, ...]:
    """What the models of a package's modules were built from: the configuration, the
    project's modules (a new text of one, a release of some) and each file's version."""
    project = project_for(config)
    return (id(config), project.edition, project.releases, *(_stamp(p) for p in package))


def _served_in(path: str, config: Config) -> _Served:
    package = _package(path)
    token = _token(package, config)
    key = tuple(package)
    cached = _packages.get(key)
    if cached is not None and cached[0] == token:
        return cached[1]
    found = _Served({}, {})
    for position, other in enumerate(package):
        entry = _model_at(other, config, path)
        if entry is None:
            continue
        for site, tools in entry.tools_on(token).items():
            found.on.setdefault(site, []).extend((position, other, tool) for tool in tools)
        for tool in entry.model.tools if entry.model is not None else ():
            server = tool.server_model
            if server is not None and server.mounted_into and server.mounted_in:
                where = (_real(server.mounted_in), server.mounted_into)
                found.mounted.setdefault(where, []).append((position, other, tool))
    _packages[key] = (token, found)
    while len(_packages) > MAX_SERVED_PACKAGES:
        del _packages[next(iter(_packages))]
    return found


def _built_here(server: Server) -> bool:
    return not server.served_from and isinstance(server.node, cst.Call)


def _package(path: str) -> list[str]:
    from toolargs.discovery.flow_link import package_of

    _, files = package_of(Path(path))
    return [_real(str(f)) for f in files]


def _in_package(path: str, of: str) -> bool:
    return path in _package(of)
