"""What the value-flow analysis adds to the recognisers: servers and tools.

- A tool whose server the module's own recognisers cannot name (a server handed to
  `register_tools(mcp)` from another module, built by a factory, kept in a registry)
  would get TAV904 "cannot decide". The value-flow analysis of its package
  (`toolargs.flow`) follows the server object to the registration sink; where it
  reaches one with this tool's handler, the tool is linked to that server.
- A registration the recognisers do not read (a loop over a catalog built elsewhere, a
  decorator factory, a registry) gives the tools the analysis saw reach a framework
  sink there, built from their handlers like any other tool.

The analysis runs once per package and process (again when a file changes), only for
a module that needs it, and keeps plain facts (names, files, lines), never trees.
"""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.index import ClassInfo, FunctionInfo, ModuleIndex
from toolargs.discovery.dispatcher import name_parameter, routed_branches
from toolargs.discovery.literals import (
    dotted_name,
    keyword,
    last_name,
    parameter_names,
    positional,
    snippet,
)
from toolargs.discovery.project import ProjectIndex
from toolargs.discovery.serving import names_classes
from toolargs.discovery.shapes import Discoverer
from toolargs.discovery.walk import statements, walk
from toolargs.flow.frameworks import (
    CALL_OVERRIDES,
    COLLECTOR_METHODS,
    CONSTRUCTOR_HANDLERS,
    CONSTRUCTOR_TOOLS,
    INTERCEPTORS,
    JSON_RPC,
    REQUEST_ROLES,
    FUNCTION_SINKS,
    SINK_METHODS,
    SINKS,
)

from toolargs.mode import Annotations, classify, name_words
from toolargs.model import FrameworkId, Schema, Server, Shape, Tool
from toolargs.positions import positions
from toolargs.source import INSTALLATION_FOLDERS, SourceError, overlay_of, read

MAX_PACKAGE_FILES = 4000

# Tools handled by a branch of a call handler: a low-level server's, and a hand-written
# JSON-RPC server's (which has no server object a policy could be applied to).
DISPATCHED = frozenset({"mcp-lowlevel", JSON_RPC})
# How a low-level server's call handler is registered in the SDK's 2.x API only.
API_2X = frozenset({"constructor", "add_request_handler"})
# Sinks registering a handler for the request their argument names.
REQUEST_SINKS = frozenset(
    method for sinks in SINKS.values() for method, sink in sinks.items() if sink.role == "request"
)

# The analysis' framework ids, as discovery's server models name them.
FRAMEWORKS: dict[str, tuple[str, bool, FrameworkId]] = {
    "mcp-fastmcp": ("SDK FastMCP", True, "mcp-fastmcp"),
    "mcp-mcpserver": ("SDK MCPServer", True, "mcp-mcpserver"),
    "fastmcp": ("fastmcp", False, "fastmcp"),
    "mcp-lowlevel": ("SDK Server", False, "mcp-lowlevel"),
    "chuk-mcp-server": ("chuk-mcp-server", True, "chuk-mcp-server"),
}


@dataclass(frozen=True)
class Served:
    """One tool the analysis saw registered: its handler's place and its server's."""

    name: str
    framework: str
    handler_path: str
    handler_line: int
    server_path: str
    server_line: int
    server_name: str
    handler_name: str = ""
    registration_path: str = ""
    registration_line: int = 0
    read_only: bool | None = None
    destructive: bool | None = None
    arguments: str = ""  # a dispatched handler's parameter holding the call's arguments
    rejected_by: str = ""  # what the server runs around every call that rejects unknown keys
    read_only_varies: bool = False  # readOnlyHint chosen per tool at run time (FlowTool)
    # The outermost server it is mounted into: the file building it, and its name there.
    parent_path: str = ""
    parent_name: str = ""
    # A low-level tool's listed input schema as the analysis read it (FlowTool).
    properties: tuple[str, ...] | None = None
    closed: bool | None = None
    hidden_by: str = ""  # a transform listing tools of its own instead (FlowTool)
    # Variables of the functions around the handler holding one project class's
    # instances: (name, the class's file, its line, its name) (FlowTool.receivers).
    receivers: tuple[tuple[str, str, int, str], ...] = ()


@dataclass(frozen=True)
class Dispatching:
    """A function the analysis saw registered as a low-level server's call handler."""

    path: str
    line: int
    server_name: str
    server_path: str
    server_line: int
    name: str  # the function's
    through: str  # how it was registered: "decorator", "constructor", a sink method


@dataclass(frozen=True)
class Unnamed:
    """A registration on a known server whose tool name the analysis cannot read (a
    loader registering a wrapper per tool class), and the methods its handler calls."""

    path: str
    line: int
    framework: str
    server_path: str
    server_line: int
    server_name: str
    calls: frozenset[str]


@dataclass(frozen=True)
class Facts:
    tools: tuple[Served, ...] = ()
    dispatching: tuple[Dispatching, ...] = ()
    listing_unread: bool = True  # a low-level listing may hold names the analysis missed
    unnamed: tuple[Unnamed, ...] = ()
    # Every handler (file, `def` line) the analysis saw registered on any server, one from
    # outside the package among them; and whether it followed every value without
    # broadening one to Unknown (only then does a handler it never saw registered say
    # something).
    registered: frozenset[tuple[str, int]] = frozenset()
    complete: bool = False
    # The modules the package loads by a computed name the analysis read; None when it
    # could not read one (then any module may be loaded so).
    loaded_by_name: frozenset[str] | None = None
    loads_read_in: frozenset[str] = frozenset()  # the files (resolved) holding those loads
    # The tools by the file of their handler, and the handlers (file, `def` line) each
    # name is given to: every module of the package asks, so they are built once.
    _by_handler_file: dict[str, tuple[Served, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _handlers_of: dict[str, frozenset[tuple[str, int]]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def handled_in(self, path: str) -> tuple[Served, ...]:
        """The tools whose handler is defined in the file at (resolved) `path`."""
        if not self._by_handler_file and self.tools:
            found: dict[str, list[Served]] = {}
            for fact in self.tools:
                found.setdefault(fact.handler_path, []).append(fact)
            self._by_handler_file.update((k, tuple(v)) for k, v in found.items())
        return self._by_handler_file.get(path, ())

    def handlers_of(self, name: str) -> frozenset[tuple[str, int]]:
        """Every handler (file, `def` line) the analysis saw registered as `name`."""
        if not self._handlers_of and self.tools:
            found: dict[str, set[tuple[str, int]]] = {}
            for fact in self.tools:
                found.setdefault(fact.name, set()).add((fact.handler_path, fact.handler_line))
            self._handlers_of.update((k, frozenset(v)) for k, v in found.items())
        return self._handlers_of.get(name, frozenset())


_analysed: dict[str, Facts] = {}


def package_of(
    path: Path, stamps: dict[Path, str] | None = None
) -> tuple[Path, list[Path]]:
    """The folder module names are relative to, and the files of the package holding
    `path`: its top-level package; for a module in a folder that the code imports as a
    namespace package (`from utils.decorators import tool` with no `utils/__init__.py`),
    that folder; for a module in no package, its folder's modules (scripts that import
    each other side by side). With, in each case, the modules beside the package and the
    other top-level modules and packages they import, followed through what those import:
    a flat layout (`server.py`, `tools/`, `utils/` side by side, importing each other by
    absolute names, with their folder on `sys.path`) is one package, whichever module of
    it is checked. `stamps` keeps each file's stamp for the caller, which asks for the
    same files' again (one `stat` per file and query)."""
    if _files_fixed:
        known = _packages_fixed.get(path)
        if known is None:
            known = _packages_fixed[path] = _package_of(path, _stamped)
        return known[0], list(known[1])
    return _package_of(path, stamps)


def _package_of(path: Path, stamps: dict[Path, str] | None) -> tuple[Path, list[Path]]:
    file = path.resolve()
    folder = file.parent
    inside = _package_above(folder)
    if inside is not None:
        # A folder without `__init__.py` inside a package is a namespace portion of it
        # (`from .health.tools import HealthTools` imports it, fastmcp's FileSystemProvider
        # imports `tools/lookup/tides.py`): the package's.
        top = inside
        while (top.parent / "__init__.py").exists() and top.parent != top:
            top = top.parent
    elif _imported_as_namespace(folder):
        top = folder
    else:
        return folder, _imported_closure(folder, tuple(sorted(folder.glob("*.py"))), stamps)
    if top.parent.name in INSTALLATION_FOLDERS:
        # an installed distribution: what sits beside it is other distributions
        return top.parent, list(_python_files(top)[:MAX_PACKAGE_FILES])
    root = _namespace_root(top)
    files = (*_python_files(top), *sorted(top.parent.glob("*.py")))
    return root, _imported_closure(root, files, stamps)


MAX_NAMESPACE_LEVELS = 3  # `ansys.fluent.mcp`: namespace folders above a package


def _package_above(folder: Path) -> Path | None:
    """The nearest folder with an `__init__.py`, `folder` itself or one of the
    MAX_NAMESPACE_LEVELS folders above it; None when there is none."""
    for _ in range(MAX_NAMESPACE_LEVELS + 1):
        if (folder / "__init__.py").exists():
            return folder
        if folder.parent == folder:
            return None
        folder = folder.parent
    return None


MAX_NAMESPACE_FILES = 64  # of the package's modules, read to see how it names itself


def _namespace_root(top: Path) -> Path:
    """The folder module names are relative to for the top-level package `top`: its
    parent, unless the folders above it have no `__init__.py` and the package's own
    modules import it under their names (`from ansys.fluent.mcp.common import base` in
    `src/ansys/fluent/mcp/`: PEP 420 namespace portions, `src/` on `sys.path`)."""
    files = _python_files(top)
    known = _namespace_roots.get(top)
    if known is not None and known[0] is files:
        return known[1]
    root = top.parent
    names = [top.name]
    candidate = top.parent
    texts: list[str] | None = None
    for _ in range(MAX_NAMESPACE_LEVELS):
        if (candidate / "__init__.py").exists() or candidate.parent == candidate:
            break
        if not candidate.name.isidentifier() or candidate.name in INSTALLATION_FOLDERS:
            break
        names.insert(0, candidate.name)
        if texts is None:
            texts = [_text(f) for f in files[:MAX_NAMESPACE_FILES]]
        dotted = ".".join(names)
        pattern = re.compile(rf"^[ \t]*(?:from|import)[ \t]+{re.escape(dotted)}\b", re.M)
        if any(dotted in text and pattern.search(text) for text in texts):
            root = candidate.parent
        candidate = candidate.parent
    _namespace_roots[top] = (files, root)
    return root


# A top-level package -> its files as last listed (`_python_files` keeps the same tuple
# while no folder under it changes) and the root `_namespace_root` found for them.
_namespace_roots: dict[Path, tuple[tuple[Path, ...], Path]] = {}


_listed: dict[Path, tuple[tuple[tuple[str, int], ...], tuple[Path, ...]]] = {}


def _python_files(top: Path) -> tuple[Path, ...]:
    """`sorted(top.rglob("*.py"))`, listed again only when one of the folders under `top`
    has changed (a file added, removed or renamed changes its folder's modification
    time): every module of a package asks for its package's files."""
    folders: list[tuple[str, int]] = []
    for folder, _, _ in os.walk(top):
        try:
            folders.append((folder, os.stat(folder).st_mtime_ns))
        except OSError:
            folders.append((folder, -1))
    signature = tuple(folders)
    cached = _listed.get(top)
    if cached is not None and cached[0] == signature:
        return cached[1]
    files = tuple(sorted(top.rglob("*.py")))
    _listed[top] = (signature, files)
    return files


_namespaces: dict[Path, bool] = {}
MAX_NAMESPACE_SCAN = 400  # files read to tell whether a folder is imported by its name


def _imported_as_namespace(folder: Path) -> bool:
    """Whether code beside `folder` or in it imports it by name (`from utils.x import`,
    `import tools.health`): a namespace package, its parent on `sys.path`."""
    if folder in _namespaces:
        return _namespaces[folder]
    name = folder.name
    found = False
    if name.isidentifier() and folder.parent != folder:
        pattern = re.compile(rf"^[ \t]*(?:from[ \t]+{name}\.|import[ \t]+{name}\.)", re.M)
        parent = folder.parent
        candidates = [*folder.glob("*.py"), *parent.glob("*.py"), *parent.glob("*/*.py")]
        found = any(
            pattern.search(_text(candidate)) for candidate in candidates[:MAX_NAMESPACE_SCAN]
        )
    _namespaces[folder] = found
    return found


_IMPORTED = re.compile(
    r"^[ \t]*(?:from[ \t]+(\w+)[\w.]*[ \t]+import|import[ \t]+([\w., \t]+))", re.M
)
_closures: dict[tuple[Path, tuple[Path, ...], tuple[str, ...]], list[Path]] = {}


def _imported_closure(
    root: Path, files: tuple[Path, ...], stamps: dict[Path, str] | None = None
) -> list[Path]:
    """`files`, and the top-level modules and packages of `root` they import by absolute
    name, followed through what those import; at most MAX_PACKAGE_FILES files. Read as
    text, once per package per run: which names a module imports, not what they hold."""
    stamped = {} if stamps is None else stamps
    key = (root, files, tuple(file_stamp(file, stamped) for file in files))  # edited: again
    if key in _closures:
        return _closures[key]
    found = list(files)
    seen = set(found)
    done: set[str] = set()
    queue = list(found)
    while queue and len(found) < MAX_PACKAGE_FILES:
        text = _text(queue.pop())
        for match in _IMPORTED.finditer(text):
            names = [match.group(1)] if match.group(1) else [
                part.split()[0].split(".")[0] for part in match.group(2).split(",") if part.split()
            ]  # fmt: skip
            for name in names:
                if name in done:
                    continue
                done.add(name)
                for added in _top_level(root, name):
                    if added not in seen and len(found) < MAX_PACKAGE_FILES:
                        seen.add(added)
                        found.append(added)
                        queue.append(added)
    _closures[key] = result = sorted(found)[:MAX_PACKAGE_FILES]
    return result


def _top_level(root: Path, name: str) -> list[Path]:
    """The files of top-level module or package `name` in `root`, if it is there (a
    folder without `__init__.py` counts when the code imports it by name)."""
    module = root / f"{name}.py"
    if module.is_file():
        return [module.resolve()]
    package = root / name
    if (package / "__init__.py").is_file() or (
        package.is_dir() and _imported_as_namespace(package.resolve())
    ):
        return sorted(p.resolve() for p in package.rglob("*.py"))
    return []


def _text(file: Path) -> str:
    overlay = overlay_of(file)
    if overlay is not None:
        return overlay
    try:
        return file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def served(path: Path) -> tuple[Served, ...]:
    """Every tool registration the analysis finds in the package of `path`."""
    return _facts(path).tools


def closure_classes(path: Path, handler_path: str, handler_line: int) -> dict[str, tuple[str, str]]:
    """For a tool handler (its file and `def` line) of the package of `path`: the
    variables it reads from the functions around it that hold one project class's
    instances, as (the class's file, its name)."""
    found: dict[str, tuple[str, str]] = {}
    for fact in _facts(path).tools:
        if (fact.handler_path, fact.handler_line) == (handler_path, handler_line):
            for variable, class_path, _, name in fact.receivers:
                found.setdefault(variable, (class_path, name))
    return found


def dispatching(path: Path) -> tuple[Dispatching, ...]:
    """Every low-level call handler the analysis finds in the package of `path`."""
    return _facts(path).dispatching


def unnamed(path: Path) -> tuple[Unnamed, ...]:
    """Every registration on a known server whose tool name the analysis cannot read,
    in the package of `path`."""
    return _facts(path).unnamed


# The facts each module asked for while one model is built, and the files stamped: they
# cannot change in the meantime, so the package is listed and stamped once per model (and
# once more to judge it), not once per query.
_building: dict[Path, Facts] = {}
_stamped: dict[Path, str] = {}
# A run that writes no file (check, audit) stamps each file once for the whole run.
_files_fixed = False
_packages_fixed: dict[Path, tuple[Path, list[Path]]] = {}


def files_fixed(fixed: bool) -> None:
    """Whether the files stay as they are until told otherwise: a run that only reads
    them (`check`, `audit`) stamps each once, not once per model of its package. What a
    run rewrites has an overlay, and is stamped by its text all the same."""
    global _files_fixed
    if fixed == _files_fixed:
        return
    _files_fixed = fixed
    _stamped.clear()
    _packages_fixed.clear()


def begin_model() -> None:
    """A module's model is about to be built or judged: what was asked before may be
    stale."""
    _building.clear()
    if not _files_fixed:
        _stamped.clear()


def _facts(path: Path) -> Facts:
    found = _building.get(path)
    if found is not None:
        return found
    root, files, key = package_key(path)
    if key not in _analysed:
        _analysed[key] = _analyse(files, root)
    _building[path] = _analysed[key]
    return _analysed[key]


def package_key(path: Path) -> tuple[Path, list[Path], str]:
    """The package of `path` (`package_of`) and a key that changes when one of its files
    does: each file stamped once."""
    stamps: dict[Path, str] = _stamped if _files_fixed else {}
    root, files = package_of(path, stamps)
    return root, files, str(root) + "|" + "|".join(file_stamp(f, stamps) for f in files)


def file_stamp(file: Path, stamps: dict[Path, str] | None = None) -> str:
    """`file`'s path, modification time and size (for a module being rewritten, its
    text's), kept in `stamps` for the same query: what changes when what the analysis
    reads of the file does. `file` is a resolved path."""
    if stamps is None:
        stamps = _stamped
    if file in stamps:
        return stamps[file]
    overlay = overlay_of(file)
    if overlay is not None:  # a module being rewritten: its text, not the file's
        # (a str caches its hash: once per text; the facts are kept per process only)
        stamps[file] = text = f"{file}:overlay:{len(overlay)}:{hash(overlay)}"
        return text
    try:
        found = file.stat()
    except OSError:
        stamps[file] = text = f"{file}:gone"
        return text
    stamps[file] = text = f"{file}:{found.st_mtime_ns}:{found.st_size}"
    return text


def _analyse(files: list[Path], root: Path) -> Facts:
    from toolargs.flow.tools import analyse

    enabled = gc.isenabled()
    gc.disable()
    try:
        result = analyse(files, root)
    except (RecursionError, MemoryError, ValueError):
        return Facts()
    finally:
        if enabled:
            gc.enable()
    found = []
    for tool in result.tools:
        if tool.server is None or tool.handler_place is None or tool.server_place is None:
            continue
        found.append(
            Served(
                tool.name, tool.framework,
                str(Path(tool.handler_place.path).resolve()), tool.handler_place.line,
                str(Path(tool.server_place.path).resolve()), tool.server_place.line,
                tool.server_name,
                tool.handler.name if tool.handler is not None else "",
                str(Path(tool.registration.path).resolve()) if tool.registration.path else "",
                tool.registration.line, tool.read_only, tool.destructive, tool.arguments,
                tool.rejected_by, tool.read_only_varies,
                str(Path(tool.parent_place.path).resolve()) if tool.parent_place else "",
                tool.parent_name, tool.properties, tool.closed, tool.hidden_by,
                tuple(
                    (variable, str(Path(place.path).resolve()), place.line, cls)
                    for variable, place, cls in tool.receivers
                ),
            )
        )  # fmt: skip
    handlers = {
        Dispatching(
            str(Path(h.place.path).resolve()), h.place.line, h.server_name,
            str(Path(h.server_place.path).resolve()), h.server_place.line,
            h.function.name, h.through,
        )
        for h in result.call_handlers
        if h.place is not None and h.server_place is not None
    }  # fmt: skip
    # The analysis' sets have no order a run can rely on (strings hash differently in
    # every process): sorted, every run reads the same facts in the same order.
    loaders = {
        Unnamed(
            str(Path(u.registration.path).resolve()), u.registration.line, u.framework,
            str(Path(u.server_place.path).resolve()), u.server_place.line, u.server_name,
            u.calls,
        )
        for u in result.unnamed
        if u.registration.path and u.server_place is not None
    }  # fmt: skip
    registered = frozenset(
        (str(Path(t.handler_place.path).resolve()), t.handler_place.line)
        for t in result.tools
        if t.handler_place is not None
    )
    return Facts(
        tuple(sorted(found, key=_order)), tuple(sorted(handlers, key=str)), result.listing_unread,
        tuple(sorted(loaders, key=lambda u: (u.path, u.line, u.server_path, u.server_line))),
        registered, not result.broadened and not result.unnamed and not result.listing_unread,
        result.loaded_by_name,
        frozenset(str(Path(path).resolve()) for path in result.loads_read_in),
    )


def _order(fact: Served) -> tuple[str, int, str, str, int, str, int]:
    return (
        fact.registration_path, fact.registration_line, fact.name,
        fact.handler_path, fact.handler_line, fact.server_path, fact.server_line,
    )  # fmt: skip


def registered_2x(servers: list[Server], index: ModuleIndex) -> None:
    """A low-level server built in this module whose call handler the analysis saw
    registered through the SDK's 2.x API only (`add_request_handler("tools/call", ...)`,
    `on_call_tool=`) is a 2.x server, whatever its pins say: the behaviour model reads
    that from its `on_call_tool` keyword."""
    lowlevel = [s for s in servers if s.framework_id == "mcp-lowlevel"]
    if not lowlevel or index.path is None:
        return
    if not any(_method(c) in REQUEST_SINKS for c in index.server_calls):
        return
    here = str(index.path.resolve())
    for handling in dispatching(index.path):
        if handling.through not in API_2X or handling.server_path != here:
            continue
        for server in lowlevel:
            if server.name.rsplit(".", 1)[-1] == handling.server_name:
                server.keywords.setdefault("on_call_tool", handling.name)


def call_handlers(index: ModuleIndex) -> set[int]:
    """The lines of the functions of this module that the analysis saw registered as a
    low-level server's call handler by a registration the recognisers do not read
    (`server.add_request_handler("tools/call", ..., handle)`)."""
    if index.path is None or not any(_method(c) in REQUEST_SINKS for c in index.server_calls):
        return set()
    here = str(index.path.resolve())
    return {fact.line for fact in dispatching(index.path) if fact.path == here}


def link_unlinked(
    tools: list[Tool],
    index: ModuleIndex,
    config: Config,
    servers: list[Server],
    by_name: dict[str, Server],
) -> None:
    """Link each tool with no server to the server the analysis saw it registered on."""
    unlinked = [t for t in tools if t.server is None and t.handler is not None]
    if not unlinked or index.path is None:
        return
    facts = served(index.path)
    if not facts:
        return
    here = str(index.path.resolve())
    defs = [t.handler.node for t in unlinked if t.handler is not None]
    names = [d.name for d in defs if isinstance(d, cst.FunctionDef)]
    lines = positions(index.module, names, None, None)
    dispatcher_lines: dict[int, int] = {}  # a dispatcher's def line, once per dispatcher
    by_handler: dict[tuple[str, int], list[Served]] = {}
    for fact in facts:
        by_handler.setdefault((fact.handler_path, fact.handler_line), []).append(fact)
    for tool in unlinked:
        assert tool.handler is not None
        node = tool.handler.node
        function = tool.handler.function
        path = here
        if function is not None and function.index is not None and function.index.path:
            path = str(function.index.path.resolve())
        if not isinstance(node, cst.FunctionDef):
            branch = _dispatched(tool, index, path, dispatcher_lines)  # its dispatcher's server
            server = _server_model(branch, tool, index, config, by_name) if branch else None
            if server is not None:
                if server.name not in by_name:
                    by_name[server.name] = server
                    servers.append(server)
                tool.server = server.name
            continue
        line = lines.get(id(node.name), (0, 0))[0]
        if path != here and function is not None and function.index is not None:
            found = positions(function.index.module, [node.name], None, None)
            line = found.get(id(node.name), (0, 0))[0]
        candidates = [f for f in by_handler.get((path, line), []) if f.name == tool.name]
        candidates = candidates or by_handler.get((path, line), [])
        if not candidates:
            continue
        server = _server_model(candidates[0], tool, index, config, by_name)
        if _serve(tool, server, servers, by_name) and server is not None:
            _built_also(server, candidates, index, config)


def _built_also(server: Server, facts: list[Served], index: ModuleIndex, config: Config) -> None:
    """A server linked from the first of `facts` that is built elsewhere, where the same
    registration also reaches servers built at other places (a register function handed
    the servers of several factories): it is built at each (`_place`)."""
    first = (facts[0].server_path, facts[0].server_line)
    if server.built_at != first:
        return
    sites = {(f.server_path, f.server_line, f.server_name) for f in facts
             if f.framework == facts[0].framework}  # fmt: skip
    if len({(path, line) for path, line, _ in sites}) > 1:
        _place(server, sites, index, config)


def link_loaded_class(
    tool: Tool,
    cls: ClassInfo,
    method: str,
    index: ModuleIndex,
    config: Config,
    servers: list[Server],
    by_name: dict[str, Server],
) -> bool:
    """Link a tool class no module hands to a server's tool manager or dispatcher to the
    server of a loader's registration: one the analysis saw reach a known server's sink
    with a name it cannot read (`self.mcp_server.tool(name=meta.name)(wrapper)`), in a
    module that names the class or one of its bases, whose handler calls the class's
    handler method (`instance.execute(...)`). The server, not the class, decides about
    unknown keys. Whether the tool was linked."""
    project = index.project
    if index.path is None or not isinstance(project, ProjectIndex):
        return False
    facts = [u for u in unnamed(index.path) if method in u.calls and u.framework in FRAMEWORKS]
    if not facts:
        return False
    chain = project.class_chain(cls)
    for fact in facts:
        home = project.module_at(Path(fact.path))
        if home is None or not names_classes(home, chain, project):
            continue
        as_served = Served(
            tool.name, fact.framework, "", 0, fact.server_path, fact.server_line,
            fact.server_name, registration_path=fact.path, registration_line=fact.line,
        )  # fmt: skip
        if _serve(tool, _server_model(as_served, tool, index, config, by_name), servers, by_name):
            return True
    return False


def _serve(
    tool: Tool, server: Server | None, servers: list[Server], by_name: dict[str, Server]
) -> bool:
    """`tool` is served by `server` (kept once among the module's servers); False when
    there is no server."""
    if server is None:
        return False
    if server.name not in by_name:
        by_name[server.name] = server
        servers.append(server)
    tool.server = server.name
    return True


def _dispatched(
    tool: Tool, index: ModuleIndex, path: str, lines: dict[int, int]
) -> Served | None:
    """A dispatcher branch's server: the one the analysis saw its dispatcher registered
    on as a low-level call handler (`@self.server.call_tool()` in a method). `lines`
    keeps each dispatcher's def line for the next branch."""
    function = tool.handler.function if tool.handler is not None else None
    if function is None or tool.shape != "dispatcher":
        return None
    name = function.node.name
    if id(name) not in lines:
        home = function.index if function.index is not None else index
        lines[id(name)] = positions(home.module, [name], None, None).get(id(name), (0,))[0]
    at = lines[id(name)]
    handlings = dispatching(Path(path))
    for handling in handlings:
        if (handling.path, handling.line) == (path, at):
            return Served(
                tool.name, "mcp-lowlevel", path, at, handling.server_path,
                handling.server_line, handling.server_name,
            )  # fmt: skip
    # A registered call handler of this module that hands the call on to the dispatcher
    # (`_on_call_tool(ctx, params)` returning `await call_tool(params.name, ...)`).
    home = function.index if function.index is not None else index
    for handling in handlings:
        caller = home.functions.get(handling.name) if handling.path == path else None
        if caller is not None and caller.node is not function.node and _calls(
            caller.node, name.value
        ):
            return Served(
                tool.name, "mcp-lowlevel", path, at, handling.server_path,
                handling.server_line, handling.server_name,
            )  # fmt: skip
    return None


def _calls(function: cst.FunctionDef, name: str) -> bool:
    """Whether `function` calls `name` (a module function, or a method on `self`)."""
    for node in walk(function.body):
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name) and func.value == name:
                return True
            if (
                isinstance(func, cst.Attribute) and func.attr.value == name
                and isinstance(func.value, cst.Name) and func.value.value == "self"
            ):
                return True
    return False


def _built_here(index: ModuleIndex, fact: Served) -> tuple[str, cst.Call] | None:
    """The assignment of this module that builds the fact's server, when its target is
    an attribute (`self.server = Server("robot")`): the target as written, and the call.
    A server bound to a plain name here is discovery's own."""
    if index.path is None or str(index.path.resolve()) != fact.server_path:
        return None
    return attribute_calls(index).get((fact.server_name, fact.server_line))


MAX_KEPT_MODULES = 2048
_attribute_bound: dict[int, tuple[cst.Module, dict[tuple[str, int], tuple[str, cst.Call]]]] = {}


def attribute_calls(index: ModuleIndex) -> dict[tuple[str, int], tuple[str, cst.Call]]:
    """The calls of the module bound to an attribute (`self.server = Server(...)`), by
    the attribute's name and the call's line: the target as written, and the call (one
    walk per module and run)."""
    cached = _attribute_bound.get(id(index.module))
    if cached is not None and cached[0] is index.module:
        return cached[1]
    bound: list[tuple[str, cst.Call]] = []
    for node in statements(index.module):
        if not isinstance(node, (cst.Assign, cst.AnnAssign)) or not isinstance(
            node.value, cst.Call
        ):
            continue
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [
            node.target
        ]
        if len(targets) == 1 and isinstance(targets[0], cst.Attribute):
            written = dotted_name(targets[0])
            if written is not None:
                bound.append((written, node.value))
    lines = positions(index.module, [call for _, call in bound], None, None)
    found = {
        (written.rsplit(".", 1)[-1], lines.get(id(call), (0,))[0]): (written, call)
        for written, call in bound
    }
    if len(_attribute_bound) >= MAX_KEPT_MODULES:  # a long run: keep the newest only
        _attribute_bound.clear()
    _attribute_bound[id(index.module)] = (index.module, found)
    return found


def _local_server(
    local: tuple[str, cst.Call],
    framework: tuple[str, bool, FrameworkId],
    index: ModuleIndex,
    config: Config,
    by_name: dict[str, Server],
) -> Server:
    """A server built in this module and bound to an attribute: known by the target as
    written, reported at its construction, and enforced by `enforce_policy(self.server)`
    after it."""
    from toolargs.discovery import _enforcement_of, _keywords

    written, call = local
    if written in by_name:
        return by_name[written]
    text, drops, framework_id = framework
    attribute = written.rsplit(".", 1)[-1]
    return Server(
        written, text, call, drops, _enforcement_of(attribute, index, config), framework_id,
        _keywords(call),
    )  # fmt: skip


def _built_by(server: Server, index: ModuleIndex, fact: Served) -> bool:
    """Whether `server`, found in this module, is the one the fact names: built here, at
    the fact's line."""
    if server.served_from or index.path is None or not isinstance(server.node, cst.Call):
        return False
    if str(index.path.resolve()) != fact.server_path:
        return False
    found = positions(index.module, [server.node], None, index.statement_of)
    return found.get(id(server.node), (0,))[0] == fact.server_line


def _server_model(
    fact: Served, tool: Tool, index: ModuleIndex, config: Config, by_name: dict[str, Server]
) -> Server | None:
    """The server the analysis names, as discovery models it: from the module that
    builds it when that module binds it by name, else from the analysis' facts."""
    framework = FRAMEWORKS.get(fact.framework)
    if framework is None:
        return None
    project = index.project
    home = None
    if isinstance(project, ProjectIndex):
        home = project.module_at(Path(fact.server_path))
    label = fact.server_name or "server"
    where = Path(fact.server_path).name
    built = f"{where}:{fact.server_line}"
    local = _built_here(index, fact)
    if local is not None:  # `self.server = Server(...)` in a method of this module
        return _local_server(local, framework, index, config, by_name)
    name = label
    existing = by_name.get(label)
    if existing is not None and _built_by(existing, index, fact):
        return existing  # the server this module builds, found by discovery already
    if existing is not None and existing.served_from != built:
        name = f"{label} ({where})"  # another server of the same name is linked here
    if name in by_name:
        return by_name[name]
    from toolargs.discovery import _enforcement_of, _keywords

    keywords: dict[str, str] = {}
    enforced = None
    if home is not None and fact.server_name:
        call = home.bound_calls.get(fact.server_name)
        if isinstance(call, cst.Call) and last_name(call.func) in config.enforcement_calls:
            # `mcp = enforce_policy(FastMCP("notes"))`: enforced where it is built
            enforced = f"{last_name(call.func)}({fact.server_name})"
            inner = positional(call, 0)
            call = inner if isinstance(inner, cst.Call) else None
        if isinstance(call, cst.Call):
            keywords = _keywords(call)
        enforced = enforced or _enforcement_of(fact.server_name, home, config)
    if home is not None and enforced is None:
        enforced = _wrapped_at(fact.server_line, home, config)  # `return enforce_policy(...)`
    if fact.framework == "mcp-lowlevel":
        # The handler registered through the 2.x API (`on_call_tool=`, or the request
        # it is added for) is the constructor keyword the behaviour model reads.
        for handling in dispatching(Path(fact.server_path)):
            if (handling.server_path, handling.server_line) == (fact.server_path, fact.server_line):
                if handling.through in API_2X:
                    keywords.setdefault("on_call_tool", handling.name)
    text, drops, framework_id = framework
    server = Server(name, text, tool.anchor, drops, enforced, framework_id, keywords)
    server.served_from = built
    server.built_at = (fact.server_path, fact.server_line)
    return server


def add_unfound(discoverer: Discoverer, tools: list[Tool], index: ModuleIndex) -> None:
    """Tools the analysis saw registered in this module on a framework server, that the
    recognisers did not find: built like any other tool from their handler. A handler
    defined in another module with a tool decorator, or that module's recognisers report
    (a tool class's method, under any name), is left to that module."""
    if index.path is None:
        return
    hand_written = discoverer.names_requests and bool(_requests_named(index))
    if not hand_written and not _registrations_unread(tools, index):
        return  # neither a hand-written server's module nor a registration left unread
    here = str(index.path.resolve())
    facts = [f for f in served(index.path) if f.registration_path == here]
    if not facts:
        return
    # Where the analysis pairs one name with several handlers (a table joined with a
    # filtered copy of itself), the handler named like the tool goes first: the name a
    # framework gives a function by default, and one order whatever the hash seed.
    facts.sort(key=lambda f: f.handler_name != f.name)
    # A name found without its handler is taken again with the function the analysis
    # saw registered (the tool without it is then dropped, discovery._drop_repeated); not
    # a dispatcher's branch, whose handler the analysis gives as the whole call handler.
    known = {t.name for t in tools if t.handler is not None}
    unhandled = {t.name for t in tools if t.handler is None}
    handlers = {id(t.handler.node) for t in tools if t.handler is not None}
    package = _facts(index.path)
    names = {f.name for f in facts}
    calls: dict[int, cst.CSTNode] | None = None
    every_call: dict[int, cst.CSTNode] | None = None
    lambdas: dict[int, cst.Lambda] | None = None
    for fact in facts:
        if fact.name in known or not fact.handler_name:
            continue
        if fact.name in unhandled and fact.framework in DISPATCHED:
            continue
        home = index if fact.handler_path == here else _module(index, fact.handler_path)
        if home is None:
            continue
        lambda_at: cst.Lambda | None = None
        if fact.handler_name == "<lambda>":
            if lambdas is None:
                lambdas = _lambdas_by_line(home)
            lambda_at = lambdas.get(fact.handler_line)
            info = _as_function(lambda_at, home) if lambda_at is not None else None
        else:
            info = _function(home, fact)
        if info is None or id(info.node) in handlers and fact.framework not in DISPATCHED:
            continue  # a handler the recognisers found, under another name (a prefix)
        if home is not index and (
            _tool_decorated(info, discoverer)
            or (id(info.node), fact.name) in _found_in(home, discoverer)
            or info.owner is not None
            and any(node == id(info.node) for node, _ in _found_in(home, discoverer))
        ):
            continue  # the module defining the handler reports it (a tool class's method
            # under the class's name)
        if lambda_at is not None and home is index:
            anchor: cst.CSTNode = lambda_at  # `"name": lambda args: run(args)` in a table
        elif home is index:
            anchor = info.node.name
        else:
            if calls is None:
                calls = _calls_by_line(index)
            found = calls.get(fact.registration_line)
            if found is None:
                # a call discovery's index does not keep (`register_func(fn)`, a sink
                # handed in): any call that starts on the line
                if every_call is None:
                    every_call = _every_call_by_line(index)
                found = every_call.get(fact.registration_line)
            if found is None:
                continue
            anchor = found
        if info.index is None:  # the module it is defined in, for what reads its body
            info = replace(info, index=home)
        if home is not index:
            discoverer.add_decls_of(home)  # its `Tool(...)` descriptions, for the schema
        if fact.framework in DISPATCHED and fact.arguments and name_parameter(
            info.node, fact.name
        ):  # each name's branch of a router the call handler hands the name to
            routed = routed_branches(discoverer, info, fact.arguments, names - known, anchor)
            if routed:
                known |= {t.name for t in routed}
                continue
        handler, sig = discoverer.function_handler(info, fact.name, None, fact.arguments)
        schema = discoverer.schema_for(fact.name, None, sig)
        annotations = None
        if fact.read_only is not None or fact.destructive is not None:
            annotations = Annotations(fact.read_only, fact.destructive, "registration annotations")
        shape: Shape = "decorator" if home is index else "imperative"
        if fact.framework in DISPATCHED:  # a branch of a call handler
            shape = "dispatcher"
        elif fact.arguments:  # a tool class's `run(self, arguments)` (FlowTool.arguments)
            shape = "class"
        server = fact.server_name if lambda_at is not None and fact.server_path == here else None
        discoverer.new_tool(fact.name, shape, anchor, handler, schema, annotations, server=server)
        known.add(fact.name)
        if fact.framework not in DISPATCHED and len(package.handlers_of(fact.name)) > 1:
            # one call handler's branch serves many names; a handler seen only under
            # names of its own is one tool per name (a function made per row)
            handlers.add(id(info.node))


def _module(index: ModuleIndex, path: str) -> ModuleIndex | None:
    project = index.project
    return project.module_at(Path(path)) if isinstance(project, ProjectIndex) else None


def _function(home: ModuleIndex, fact: Served) -> FunctionInfo | None:
    """The handler's FunctionInfo in its module: by name, and by line when the name is
    defined more than once."""
    every = [*home.functions.values(), *home.methods, *home.decorated]
    for info in list(every):  # and the functions defined in them (`def tool_fn()` that
        every.extend(_nested(info))  # each of two factories returns)
    infos = [info for info in every if info.node.name.value == fact.handler_name]
    infos = list({id(info.node): info for info in infos}.values())
    if len(infos) <= 1:
        return infos[0] if infos else None
    lines = positions(home.module, [i.node.name for i in infos], None, None)
    line = fact.handler_line
    return next((i for i in infos if lines.get(id(i.node.name), (0,))[0] == line), None)


def _nested(info: FunctionInfo, depth: int = 0) -> Iterator[FunctionInfo]:
    """The functions defined in `info`'s body, and in theirs (a few levels)."""
    if depth > 4:
        return
    for inner in info.nested.values():
        yield inner
        yield from _nested(inner, depth + 1)


# By module: the module itself beside the answer (the ids in it are of its nodes; an id
# of a tree released since may be another tree's).
_handlers_found: dict[int, tuple[cst.Module, frozenset[tuple[int, str]]]] = {}


def _found_in(home: ModuleIndex, discoverer: Discoverer) -> frozenset[tuple[int, str]]:
    """The handlers the recognisers find in another module, with the names they find
    them under (once per module and run): a tool they report there, the analysis must
    not report again here."""
    cached = _handlers_found.get(id(home.module))
    if cached is not None and cached[0] is home.module:
        return cached[1]
    from toolargs.discovery.schema import Resolver
    from toolargs.prefilter import may_define_tools

    config = discoverer.config
    try:
        checked = home.path is not None and may_define_tools(read(home.path), config)
    except SourceError:
        checked = False
    found: frozenset[tuple[int, str]] = frozenset()
    if checked:  # a module the checker skips reports nothing: this one must
        tools = Discoverer(home, Resolver(home, config), config, discoverer.file_decls).discover()
        found = frozenset((id(t.handler.node), t.name) for t in tools if t.handler is not None)
    if len(_handlers_found) >= MAX_KEPT_MODULES:  # a long run: keep the newest only
        _handlers_found.clear()
    _handlers_found[id(home.module)] = (home.module, found)
    return found


def _tool_decorated(info: FunctionInfo, discoverer: Discoverer) -> bool:
    decorators = discoverer.config.tool_decorators
    return any(last_name(d.decorator) in decorators for d in info.node.decorators)


_Node = TypeVar("_Node", bound=cst.CSTNode)


def _lambdas_by_line(index: ModuleIndex) -> dict[int, cst.Lambda]:
    """The module's lambdas by the line they start on (the first of each line)."""
    return _first_by_line(
        index, [node for node in walk(index.module) if isinstance(node, cst.Lambda)]
    )


def _first_by_line(index: ModuleIndex, nodes: Sequence[_Node]) -> dict[int, _Node]:
    """`nodes` by the line each starts on, the first of each line."""
    placed = positions(index.module, nodes, None, None)
    found: dict[int, _Node] = {}
    for node in nodes:
        found.setdefault(placed.get(id(node), (0,))[0], node)
    return found


def _as_function(node: cst.Lambda, home: ModuleIndex) -> FunctionInfo:
    """A lambda handler read as the function it is: `lambda args: run(args)` is
    `def _lambda(args): return run(args)`, its parameters and body the lambda's (the tool
    is placed at the lambda, which is in the module; this `def` is not)."""
    body = cst.IndentedBlock([cst.SimpleStatementLine([cst.Return(node.body)])])
    function = cst.FunctionDef(cst.Name("_lambda"), node.params, body)
    return FunctionInfo(function, None, None, home)


def _requests_named(index: ModuleIndex) -> list[cst.CSTNode]:
    """Where a hand-written server keeps or answers a tools request: a test of the
    request's method (`if method == "tools/list":`, `case "tools/list":`), a call handed its handler
    (`register("tools/call", handle_call)`), a table of handlers keyed by it. A module
    that only names the request in prose or in a set of methods it forwards has none."""
    found: list[cst.CSTNode] = []
    for node in walk(index.module):
        if isinstance(node, cst.Comparison):
            parts = [node.left, *(c.comparator for c in node.comparisons)]
        elif isinstance(node, cst.Call):
            parts = [arg.value for arg in node.args]
        elif isinstance(node, cst.Dict):  # `{"tools/list": list_tools, ...}`
            parts = [e.key for e in node.elements if isinstance(e, cst.DictElement)]
        elif isinstance(node, cst.MatchValue):  # `case "tools/list":`
            parts = [node.value]
        else:
            continue
        if any(
            isinstance(part, cst.SimpleString) and part.evaluated_value in REQUEST_ROLES
            for part in parts
        ):
            found.append(node)
    return found


def _calls_by_line(index: ModuleIndex) -> dict[int, cst.CSTNode]:
    """The module's calls by the line they start on (the first call of each line)."""
    calls: list[cst.CSTNode] = [call for call, _ in index.calls]
    calls += index.server_calls
    calls += [  # `@server.list_tools()`: a low-level server's registration
        d.decorator for info in index.functions.values() for d in info.node.decorators
        if isinstance(d.decorator, cst.Call)
    ]  # fmt: skip
    calls += _requests_named(index)
    return _first_by_line(index, calls)


def _every_call_by_line(index: ModuleIndex) -> dict[int, cst.CSTNode]:
    """Every call of the module by the line it starts on (the first of each line)."""
    calls = [node for node in walk(index.module) if isinstance(node, cst.Call)]
    return _first_by_line(index, calls)


_LISTING = frozenset({"list_tools", "call_tool"})  # a low-level server's handlers
# The constructor keywords that hold them (SDK 2.x `Server(name, on_list_tools=...)`).
_LISTING_KEYWORDS = frozenset(k for table in CONSTRUCTOR_HANDLERS.values() for k in table)


def _registrations_unread(tools: list[Tool], index: ModuleIndex) -> bool:
    """Whether the module calls a framework sink (`x.tool(...)`, `x.add_tool(...)`) that
    none of the tools found here accounts for: only then can the analysis add a tool
    here, and only then is it run for this module (a module whose every registration the
    recognisers read costs nothing more)."""
    accounted: set[int] = set()
    for tool in tools:
        if tool.handler is None:
            continue  # a registration whose function the recognisers could not follow
        accounted.update(id(node) for node in walk(tool.anchor))
        node = tool.handler.node if tool.handler is not None else None
        if isinstance(node, cst.FunctionDef):
            for decorator in node.decorators:
                accounted.update(id(part) for part in walk(decorator.decorator))
    if any(
        isinstance(value, cst.Attribute) and value.attr.value in SINK_METHODS
        for value in index.constants.values()
    ):
        return True  # `_tool = mcp.tool`: a sink held in a name, called where it is used
    if any(_method(c) in _LISTING for c in index.server_calls):
        return True  # a low-level server's listing: the recognisers may read part of it
    if any(
        cls.bases and "list_tools" in cls.methods for cls in index.classes.values()
    ):
        return True  # a server's subclass answering `tools/list` itself
    requests = [
        c
        for c in index.server_calls
        if _method(c) in REQUEST_SINKS | COLLECTOR_METHODS | FUNCTION_SINKS
    ]
    for call in [call for call, _ in index.calls] + requests:
        func = call.func
        keywords = {arg.keyword.value for arg in call.args if arg.keyword is not None}
        if not keywords.isdisjoint(CONSTRUCTOR_TOOLS):
            return True  # `FastMCP(..., tools=[...])`: registrations in a constructor
        if not keywords.isdisjoint(_LISTING_KEYWORDS):
            return True  # `Server(name, on_list_tools=...)`: a listing, as above
        if any(arg.star == "**" for arg in call.args):
            return True  # `Server(name=name, **handlers)`: keywords not read here
        if not isinstance(func, cst.Attribute) or func.attr.value not in SINK_METHODS:
            continue
        if func.attr.value in REQUEST_SINKS:
            return True  # the branches a recognised dispatcher leaves may be elsewhere
        if id(call) not in accounted:
            return True
    return _registrar_called(index)


# Words of a parameter that hands a registration in (`register_func`, `registrar`): called
# on each function found, it is a framework's sink the caller passed
# (`register_tools(path, module, server.tool)`).
_REGISTRAR_WORDS = frozenset({"register", "registrar"})


def _registrar_called(index: ModuleIndex) -> bool:
    """Whether a function of the module calls a parameter named for registering with a
    value (`register_func(apply_tool_decorator(func, injector))`): the registrations it
    makes are the caller's sink, which only the analysis follows there."""
    for info in (*index.functions.values(), *index.methods):
        params = info.node.params
        named = {
            p.name.value
            for p in (*params.posonly_params, *params.params, *params.kwonly_params)
            if name_words(p.name.value) & _REGISTRAR_WORDS
        }
        if named and any(
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Name)
            and node.func.value in named
            and node.args
            for node in walk(info.node.body)
        ):
            return True
    return False


def _method(call: cst.Call) -> str:
    return call.func.attr.value if isinstance(call.func, cst.Attribute) else ""


def named_by_flow(discoverer: Discoverer, tools: list[Tool], index: ModuleIndex) -> None:
    """A decorated tool whose written name the recognisers cannot read (`name=f"{self.
    prefix}search"`) is named as the analysis evaluated that name, where it did: the
    function's own name is what the framework would list only without a name."""
    if index.path is None:
        return
    guessed = [t for t in tools if t.shape == "decorator" and _name_unread(t, discoverer)]
    if not guessed:
        return
    here = str(index.path.resolve())
    nodes = [
        t.handler.node.name for t in guessed
        if t.handler is not None and isinstance(t.handler.node, cst.FunctionDef)
    ]  # fmt: skip
    lines = positions(index.module, nodes, None, None)
    facts: dict[int, list[str]] = {}
    for fact in _facts(index.path).handled_in(here):
        facts.setdefault(fact.handler_line, []).append(fact.name)
    for tool in guessed:
        assert tool.handler is not None and isinstance(tool.handler.node, cst.FunctionDef)
        names = facts.get(lines.get(id(tool.handler.node.name), (0,))[0], [])
        if tool.name in names:
            tool.name_as_listed = True  # the analysis reads the same name
        if not names or tool.name in names:
            continue
        found = classify(names[0], tool.annotations, tool.markers, discoverer.config)
        tool.name, tool.name_as_listed = names[0], True
        tool.mode, tool.mode_source = found.mode, found.source
        tool.conflict_pattern, tool.read_only_hint = found.conflict_pattern, found.read_only_hint


def _name_unread(tool: Tool, discoverer: Discoverer) -> bool:
    """Whether the tool's decorator writes a name the recognisers could not read (they
    then took the function's own name)."""
    node = tool.handler.node if tool.handler is not None else None
    if not isinstance(node, cst.FunctionDef) or tool.name != node.name.value:
        return False
    for decorator in node.decorators:
        call = decorator.decorator
        decorators = discoverer.config.tool_decorators
        if not isinstance(call, cst.Call) or last_name(call) not in decorators:
            continue
        written = keyword(call, "name") or positional(call, 0)
        if written is not None and not isinstance(written, cst.SimpleString):
            return discoverer.name_of(written) is None
    return False


def renamed_by_flow(discoverer: Discoverer, tools: list[Tool], index: ModuleIndex) -> None:
    """A tool whose handler function the analysis saw reach a framework sink only under
    other names is those tools: one per name the framework lists, each with the
    annotations its registration gives. The recognisers' name came from what they took
    for the registration: the handler's own name when the written one could not be read
    (`server.tool(name=name)(invoke)` in a loop over a table), or the first argument of
    a project decorator that only collects it (`@tool("Room calendar")` appending to a
    list that `mcp.add_tool(fn, title=title)` registers under `fn.__name__`)."""
    if index.path is None:
        return
    candidates = [
        t for t in tools
        if t.handler is not None and isinstance(t.handler.node, cst.FunctionDef)
        and not t.name_as_listed
    ]  # fmt: skip
    if not candidates:
        return
    package = _facts(index.path)
    facts: dict[int, list[Served]] = {}
    for fact in package.handled_in(str(index.path.resolve())):
        facts.setdefault(fact.handler_line, []).append(fact)
    if not facts:
        return
    nodes = [
        t.handler.node.name for t in candidates
        if t.handler is not None and isinstance(t.handler.node, cst.FunctionDef)
    ]  # fmt: skip
    lines = positions(index.module, nodes, None, None)
    for tool in candidates:
        assert tool.handler is not None and isinstance(tool.handler.node, cst.FunctionDef)
        found = facts.get(lines.get(id(tool.handler.node.name), (0,))[0], [])
        named = list({f.name: f for f in found}.values())
        if any(f.name == tool.name for f in named):
            tool.name_as_listed = True  # the analysis reads the same name
            # and a server mounting its server with a prefix serves it under a name of
            # its own too (`main.mount(sub, prefix="dns")` of one entry point, `mount(sub)`
            # of another): a tool for each
            prefixed = [f for f in named if f.name.endswith("_" + tool.name)]
            _served_as(tool, tools, prefixed, package, discoverer, renamed=False)
        if not named or any(f.name == tool.name for f in named):
            continue
        unread = tool.name_unread and tool.name == tool.handler.node.name.value
        if not unread and any(f.name.endswith(tool.name) for f in named):
            # the name it was registered under, a mount's prefix before it: the mount's
            # reading gives the prefix; the analysis' name stands where it reads none
            tool.mounted_as = tuple(
                sorted({f.name for f in named if f.name.endswith("_" + tool.name)})
            )
            continue
        _served_as(tool, tools, named, package, discoverer, renamed=True)


def _served_as(
    tool: Tool, tools: list[Tool], facts: list[Served], package: Facts,
    discoverer: Discoverer, renamed: bool,
) -> None:  # fmt: skip
    """`tool` under the names of `facts`, each with the annotations its registration
    gives: `tool` itself takes the first when `renamed`, copies take the others. A name
    the analysis saw given to several handlers (a loop over a dict's items pairs every
    key with every value) says nothing about which one it names."""
    facts = [f for f in facts if len(package.handlers_of(f.name)) == 1]
    taken = {t.name for t in tools}
    at = tools.index(tool)
    for offset, fact in enumerate(facts):
        if fact.name in taken:
            continue
        each = tool if renamed and offset == 0 else replace(tool)
        each.name, each.name_as_listed = fact.name, True
        _classify_again(each, _annotations_of(fact) or each.annotations, discoverer)
        if each is not tool:
            tools.insert(at + offset + (0 if renamed else 1), each)
        taken.add(fact.name)


def _annotations_of(fact: Served) -> Annotations | None:
    """The hints the analysis read for the registration; not resolved where readOnlyHint
    is chosen per tool at run time (the tool's other evidence decides its mode)."""
    if fact.read_only is None and fact.destructive is None:
        return None
    return Annotations(
        fact.read_only, fact.destructive, "registration annotations", not fact.read_only_varies
    )


def _classify_again(tool: Tool, annotations: Annotations | None, discoverer: Discoverer) -> None:
    found = classify(tool.name, annotations, tool.markers, discoverer.config)
    tool.annotations = annotations
    tool.mode, tool.mode_source = found.mode, found.source
    tool.conflict_pattern, tool.read_only_hint = found.conflict_pattern, found.read_only_hint


_PARENTHESISED_IMPORT = re.compile(r"^[ \t]*from[ \t]+([.\w]+)[ \t]+import[ \t]*\(([^)]*)\)", re.M)
_COMMENTED_IMPORT = re.compile(
    r"^[ \t]*#[ \t]*(from[ \t]+[.\w]+[ \t]+import[ \t]+[^\n]+|import[ \t]+[\w., \t]+)$", re.M
)
_DYNAMIC = (
    "import_module", "__import__", "pkgutil", "entry_points", "runpy", "spec_from_file_location",
)
# The run-time loaders whose module names the value flow reads (`loaded_by_name`).
_READ_LOADERS = frozenset({"import_module", "__import__"})
_MAIN_GUARD = re.compile(r"^if[ \t]+__name__[ \t]*==", re.M)
# Files of the project, beside its package, that may name a module to run: the build
# configuration's entry points and scripts, a container's command, a runner's config.
_PROJECT_MARKERS = ("pyproject.toml", "setup.cfg", "setup.py")
_PROJECT_FILES = (
    "*.toml", "*.cfg", "*.py", "*.json", "*.yaml", "*.yml", "*.ini", "Dockerfile*", "Makefile",
)
# How a build configuration declares a command that runs the package.
_ENTRY_WORDS = (
    "[project.scripts]", "[project.entry-points", "console_scripts", "[tool.poetry.scripts]",
    "entry_points",
)
_unimported: dict[str, frozenset[str]] = {}


def drop_unimported(tools: list[Tool], index: ModuleIndex) -> None:
    """Tools a module registers on a server it imports from another module, where that
    module is never run: the package has an entry point (a `__main__` module or block, a
    script its build configuration declares), no module of the package imports this one
    (`import_module` and the other run-time loaders aside), it has no `__main__` block,
    and no file of the project (its entry points, scripts, a container's command) names
    it. Decorating another module's server takes effect only when the module is
    imported, so those tools are never registered. A module that builds its own server
    may be run by itself (`fastmcp run tools.py`) and keeps its tools; so does every
    module of a package with no entry point of its own, which an outside runner may
    load, unless its import is commented out (`# from .tools import ai`)."""
    if index.path is None or not tools or any(t.shape != "decorator" for t in tools):
        return
    if any(t.server is None or t.server.split(".")[0] not in index.imports for t in tools):
        return  # a server of its own, or one handed in: the module may be the entry point
    if index.path.stem in ("__init__", "__main__"):
        return
    root, files, key = package_key(index.path)
    name = ".".join(index.path.resolve().relative_to(root.resolve()).with_suffix("").parts)
    if "." not in name:
        return  # a script beside others, which may be run by itself
    if key not in _unimported:
        facts = _facts(index.path)
        _unimported[key] = _never_imported(
            root, files, facts.loaded_by_name, facts.loads_read_in
        )
    if name in _unimported[key]:
        tools.clear()


def drop_uncalled(tools: list[Tool], index: ModuleIndex) -> None:
    """Tools decorated inside a register function on its parameter (`def
    register_market_tools(mcp): @mcp.tool() ...`) where nothing in the package calls or
    names that function outside imports and comments (`# register_market_tools(mcp)`
    switched off by hand): the decorators never run, so those tools are never
    registered. A package that looks functions up by name at run time (`getattr`,
    `import_module`) keeps them, and so does a module of no package."""
    if index.path is None or not tools:
        return
    doomed: list[Tool] = []
    for tool in tools:
        function = tool.handler.function if tool.handler is not None else None
        outer = function.enclosing if function is not None else None
        if (
            tool.shape != "decorator" or outer is None or outer.enclosing is not None
            or outer.owner is not None or tool.server not in parameter_names(outer.node)
        ):
            continue  # fmt: skip
        root, files, key = package_key(index.path)
        if key not in _named:
            _named[key] = _names_used(root, files)
        used = _named[key]
        if used is not None and outer.node.name.value not in used:
            doomed.append(tool)
    for tool in doomed:
        tools.remove(tool)


def drop_unreached(tools: list[Tool], index: ModuleIndex) -> None:
    """Tools on a server discovery cannot tell (each would get TAV904) whose handler the
    value flow never sees registered, in a package where it registers tools and follows
    every value: code that never runs registers them (`@self.mcp.tool()` in a method of
    a subclass nothing builds). A registration the value flow sees on a server from
    outside the package (a dependency's factory) is one it registers, so those stay; so
    does a tool whose name it sees served by a function of the handler's module (a call
    handler that looks the name up in a table of the module's methods)."""
    if index.path is None:
        return
    unknown = [
        t for t in tools
        if t.server_model is None and t.handler is not None and t.handler.keyword_style
        and t.enforcement is None
    ]
    if not unknown:
        return
    facts = _facts(index.path)
    if not facts.complete or not facts.registered:
        return
    for tool in unknown:
        place = _handler_place(tool, index)
        if place is None or place in facts.registered:
            continue
        if any(path == place[0] for path, _ in facts.handlers_of(tool.name)):
            continue  # its name served by a function of its module that dispatches to it
        tools.remove(tool)


_named: dict[str, frozenset[str] | None] = {}
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_IMPORT_LINE = re.compile(r"^\s*(from\s+\S+\s+)?import\b")
# A line of a parenthesised import after its first: names, `as`, commas and the paren.
_IMPORT_CONTINUATION = re.compile(r"^[\s\w,()]*$")
# `name as alias` on an import line, or on a line of a parenthesised import
_ALIAS = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s+as\s+([A-Za-z_][A-Za-z0-9_]*)")
_DEFINITION = re.compile(r"^\s*(async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)")


def _names_used(root: Path, files: list[Path]) -> frozenset[str] | None:
    """Every name the package's code mentions outside comments, import lines and the
    names of `def`s; None when it looks names up at run time, is one file, or has no
    entry point of its own (a library whose register functions its users call)."""
    if len(files) < 2:
        return None
    found: set[str] = set()
    aliases: dict[str, set[str]] = {}  # `import register_tools as register_company`
    entry = any(word in _project_text(root) for word in _ENTRY_WORDS)
    for file in files:
        try:
            text = read(file)
        except SourceError:
            continue
        if any(word in text for word in (*_DYNAMIC, "getattr(", "globals()")):
            return None
        entry = entry or file.stem == "__main__" or bool(_MAIN_GUARD.search(text))
        in_import = False
        for line in text.splitlines():
            code = line.split("#", 1)[0]
            if not code.strip():
                continue
            starts = bool(_IMPORT_LINE.match(code))
            in_import = in_import and bool(_IMPORT_CONTINUATION.match(code))
            if starts or in_import:  # an import, or a line of a parenthesised one
                for name, alias in _ALIAS.findall(code):
                    aliases.setdefault(alias, set()).add(name)
                in_import = (in_import or "(" in code) and ")" not in code
                continue
            defined = _DEFINITION.match(code)
            if defined is not None:
                code = code[defined.end():]  # its parameters' defaults may name things
            found.update(_WORD.findall(code))
    # a function imported under another name is named where that name is
    found.update(name for alias in found & aliases.keys() for name in aliases[alias])
    return frozenset(found) if entry else None


def _never_imported(
    root: Path,
    files: list[Path],
    loaded: frozenset[str] | None = None,
    read_in: frozenset[str] = frozenset(),
) -> frozenset[str]:
    """The package's modules no import statement of the package names, that have no
    `__main__` block and that no file of the project names; none in a package that
    loads modules by name at run time, unless the value flow read every such name in
    the files that do (`loaded`, read in `read_in`: `__import__(f"{__name__}.{name}")`
    over a list of names), and then those modules are imported. Where the package has
    no entry point of its own (an outside runner may load any module), only those whose
    import is commented out."""
    from toolargs.flow.engine import _IMPORT

    live: set[str] = set()
    commented: set[str] = set()  # imported only in comments: switched off by hand
    modules: set[str] = set()
    project = _project_text(root)
    # The build configuration's commands are this package's when they name it (a
    # package checked inside another project does not get that project's scripts).
    tops = {file.resolve().relative_to(root.resolve()).parts[0] for file in files}
    entry = any(word in project for word in _ENTRY_WORDS) and any(
        re.search(rf"\b{re.escape(top.removesuffix('.py'))}[.:]", project) for top in tops
    )
    for file in files:
        try:
            text = read(file)
        except SourceError:
            continue
        if any(word in text for word in _DYNAMIC):
            read_by_flow = (
                loaded is not None
                and str(file.resolve()) in read_in
                and not any(word in text for word in _DYNAMIC if word not in _READ_LOADERS)
            )
            if not read_by_flow:
                return frozenset()
        parts = list(file.resolve().relative_to(root.resolve()).with_suffix("").parts)
        if _MAIN_GUARD.search(text) or parts[-1] == "__main__":
            entry = True
        elif parts[-1] != "__init__":
            modules.add(".".join(parts))
        package = parts[:-1]  # the package a relative import starts from
        for pattern, found in ((_IMPORT, live), (_COMMENTED_IMPORT, commented)):
            for match in pattern.finditer(text):
                line = match.group(0).strip().lstrip("#").strip()
                found.update(_imported_names(line, package))
        for match in _PARENTHESISED_IMPORT.finditer(text):  # `from x import (\n a,\n b,\n)`
            names = re.sub(r"#[^\n]*", "", match.group(2)).replace("\n", " ")
            live.update(_imported_names(f"from {match.group(1)} import {names}", package))
    live |= loaded or frozenset()
    # An import names a module by its full name, which may start above the folder
    # module names are relative to (`pdfco.mcp.tools` for `mcp/tools.py` in the
    # namespace package `pdfco/`): every tail of an imported name is imported.
    live |= {name.split(".", i)[i] for name in live for i in range(1, name.count(".") + 1)}
    return frozenset(
        name for name in modules - live
        if (entry or name in commented)
        and name not in project and name.replace(".", "/") not in project
    )


def _project_text(root: Path) -> str:
    """The text of the files of the project beside the package that may name a module
    to run: the project is the nearest folder from `root` up that holds its build
    configuration (`root` itself when none does within three levels)."""
    project = root
    for folder in (root, *list(root.parents)[:3]):
        if any((folder / marker).is_file() for marker in _PROJECT_MARKERS):
            project = folder
            break
    texts: list[str] = []
    for pattern in _PROJECT_FILES:
        for file in sorted(project.glob(pattern))[:50]:
            try:
                texts.append(read(file))
            except (SourceError, OSError):
                continue
    return "\n".join(texts)


def _imported_names(line: str, package: list[str]) -> Iterator[str]:
    """The modules an import statement names: `from .tools import ai` in package `app`
    gives app.tools and app.tools.ai."""
    words = line.split(None, 3)
    if words[0] == "import":
        for part in line[len("import"):].split(","):
            yield part.split(" as ")[0].strip()
        return
    if len(words) < 4 or words[2] != "import":
        return
    base = words[1]
    dots = len(base) - len(base.lstrip("."))
    if dots:
        anchor = package[: len(package) - (dots - 1)] if dots > 1 else package
        base = ".".join([*anchor, base[dots:]] if base[dots:] else anchor)
    yield base
    for part in words[3].split("#")[0].strip("() ").split(","):
        yield f"{base}.{part.split(' as ')[0].strip()}"


def drop_unlisted(tools: list[Tool], index: ModuleIndex) -> None:
    """A branch of a low-level call handler for a name the server's list_tools never
    lists is no tool (a client cannot see it), where the analysis read every name the
    package's low-level servers list and saw them list some."""
    branches = [t for t in tools if t.shape == "dispatcher"]
    if not branches or index.path is None:
        return
    facts = _facts(index.path)
    if facts.listing_unread:
        return
    listed: dict[tuple[str, int], set[str]] = {}
    for fact in facts.tools:
        if fact.framework == "mcp-lowlevel":
            listed.setdefault((fact.server_path, fact.server_line), set()).add(fact.name)
    if not listed:
        return
    here = str(index.path.resolve())
    # The servers whose call handler is in this module: its branches are theirs.
    servers = {(d.server_path, d.server_line) for d in facts.dispatching if d.path == here}
    if len(servers) != 1:
        return
    names = listed.get(servers.pop())
    if not names:
        return
    for tool in branches:
        if tool.name not in names:
            tools.remove(tool)  # the call handler's server lists other names only


def intercepted_by_flow(tools: list[Tool], index: ModuleIndex) -> None:
    """A tool whose server was given an object that runs around every tool call
    (`MCPServer(extensions=[...])`) is rejected by it where the analysis saw that hook turn
    the call's unknown keys into an error before the tool runs."""
    linked = [
        t for t in tools
        if t.server_model is not None and t.rejected_by is None and t.handler is not None
        and isinstance(t.handler.node, cst.FunctionDef)
        and (
            t.server_model.framework_id in INTERCEPTORS
            or t.server_model.framework_id in CALL_OVERRIDES
        )
    ]  # fmt: skip
    # Not the server model's own keywords: for a server built in another module they are
    # what this process has read of it (its model, when that module was judged here
    # first), and the verdict must not depend on how files are shared among processes.
    if not linked or index.path is None:
        return
    rejecting: dict[tuple[str, int, str], str] = {
        (f.handler_path, f.handler_line, f.name): f.rejected_by
        for f in served(index.path) if f.rejected_by
    }  # fmt: skip
    if not rejecting:
        return
    for tool in linked:
        place = _handler_place(tool, index)
        if place is None:
            continue
        found = rejecting.get((*place, tool.name))
        if found:
            tool.rejected_by = found


def mounted_by_flow(tools: list[Tool], index: ModuleIndex) -> dict[int, tuple[str, str]]:
    """For each server of the module's tools (by identity) that the analysis saw mounted
    into another (`parent.mount(product.server, namespace=product.namespace)` in a loop
    over a table of sub-servers), the outermost parent's name and the file building it."""
    linked = [
        t for t in tools
        if t.server_model is not None and not t.server_model.mounted_into
        and t.handler is not None and isinstance(t.handler.node, cst.FunctionDef)
    ]  # fmt: skip
    if not linked or index.path is None:
        return {}
    parents: dict[tuple[str, int, str], tuple[str, str]] = {
        (f.handler_path, f.handler_line, f.name): (f.parent_name, f.parent_path)
        for f in served(index.path) if f.parent_name and f.parent_path
    }  # fmt: skip
    if not parents:
        return {}
    found: dict[int, tuple[str, str]] = {}
    for tool in linked:
        place = _handler_place(tool, index)
        parent = parents.get((*place, tool.name)) if place is not None else None
        if parent is not None and tool.server_model is not None:
            found.setdefault(id(tool.server_model), parent)
    return found


def mounted_here_by_flow(server: Server, index: ModuleIndex) -> tuple[str, str] | None:
    """For a server this module builds (`tools = FastMCP("Jira Tools")`) whose tools other
    modules register, that the analysis saw mounted into another (`mcp.mount(tools)` in
    the package's `__init__`): the outermost parent's name and the file building it."""
    if index.path is None or not isinstance(server.node, cst.Call) or server.served_from:
        return None
    here = str(index.path.resolve())
    line = positions(index.module, [server.node], None, index.statement_of)
    at = line.get(id(server.node), (0,))[0]
    for fact in served(index.path):
        if (fact.server_path, fact.server_line) == (here, at) and fact.parent_name:
            return fact.parent_name, fact.parent_path
    return None


def place_servers(
    tools: list[Tool], index: ModuleIndex, by_name: dict[str, Server], config: Config
) -> None:
    """A server the recognisers name without its construction (`@self.tool` in a server
    subclass, a register function's parameter) is placed where the analysis saw the
    objects registering its tools built: every one of them, when the register function is
    handed the servers of several factories. It is enforced when each of them is."""
    unplaced = [
        t for t in tools
        if t.server in by_name and by_name[t.server].built_at is None
        and not isinstance(by_name[t.server].node, cst.Call)
        and t.handler is not None and isinstance(t.handler.node, cst.FunctionDef)
    ]  # fmt: skip
    if not unplaced or index.path is None:
        return
    here = str(index.path.resolve())
    facts = served(index.path)
    defs = [t.handler.node for t in unplaced if t.handler is not None]
    names = [d.name for d in defs if isinstance(d, cst.FunctionDef)]
    lines = positions(index.module, names, None, None)
    sites: dict[str, set[tuple[str, int, str]]] = {}
    for tool in unplaced:
        assert tool.handler is not None and isinstance(tool.handler.node, cst.FunctionDef)
        line = lines.get(id(tool.handler.node.name), (0,))[0]
        sites.setdefault(str(tool.server), set()).update(
            (f.server_path, f.server_line, f.server_name) for f in facts
            if (f.handler_path, f.handler_line, f.name) == (here, line, tool.name)
        )  # fmt: skip
    for name, found in sites.items():
        if found:
            _place(by_name[name], found, index, config)


def _place(
    server: Server, sites: set[tuple[str, int, str]], index: ModuleIndex, config: Config
) -> None:
    """`server` is built at each of `sites` (file, line, the name it is bound to there):
    where it was placed already that stays its first place, the others are where it is
    built also. An enforcement read where it is built must hold at each of them, and one
    the recognisers did not read is looked for at each."""
    placed = sorted({(path, line) for path, line, _ in sites})
    first = server.built_at or placed[0]
    server.built_at = first
    server.built_also = tuple(sorted({*server.built_also, *placed} - {first}))
    if not server.enforced_by or isinstance(server.node, cst.Call):
        server.enforced_by = _enforced_at(sites, index, config)


def _enforced_at(
    sites: set[tuple[str, int, str]], index: ModuleIndex, config: Config
) -> str | None:
    """`enforce_policy(name)` when the module building each of the servers at `sites`
    (file, line, the name it is bound to there) applies the policy to it."""
    from toolargs.discovery import _enforcement_of

    project = index.project
    if not isinstance(project, ProjectIndex):
        return None
    found: set[str] = set()
    for path, line, name in sites:
        home = project.module_at(Path(path))
        if home is None:
            return None
        enforced = _enforcement_of(name, home, config) if name else None
        enforced = enforced or _wrapped_at(line, home, config)
        if enforced is None:
            return None
        found.add(enforced)
    return min(found) if found else None


def _wrapped_at(line: int, index: ModuleIndex, config: Config) -> str | None:
    """`return enforce_policy(Server(...))`: the policy applied to the server built at
    `line`, inside the call that builds it."""
    wrapped = [
        (call, inner) for call, _ in index.calls
        if last_name(call.func) in config.enforcement_calls
        and isinstance(inner := positional(call, 0), cst.Call)
    ]
    if not wrapped:
        return None
    lines = positions(index.module, [inner for _, inner in wrapped], None, index.statement_of)
    for call, inner in wrapped:
        if lines.get(id(inner), (0,))[0] == line:
            return f"{last_name(call.func)}({snippet(inner.func)}(...))"
    return None


def drop_hidden(tools: list[Tool], index: ModuleIndex) -> None:
    """A tool registered on a server whose catalogue a transform replaces (fastmcp's
    `CodeMode`, listing only its own discovery and `execute` tools): no client sees it in
    `tools/list` nor calls it with arguments of its own, so it is no tool of the server."""
    if index.path is None:
        return
    facts = served(index.path)
    if not any(f.hidden_by for f in facts):
        return
    here = str(index.path.resolve())
    hidden: dict[tuple[str, int, str], bool] = {}
    for fact in facts:
        key = (fact.handler_path, fact.handler_line, fact.name)
        hidden[key] = hidden.get(key, True) and bool(fact.hidden_by)
    for tool in list(tools):
        if tool.handler is None or not isinstance(tool.handler.node, cst.FunctionDef):
            continue
        place = _handler_place(tool, index) or (here, 0)
        if hidden.get((*place, tool.name)):
            tools.remove(tool)


def drop_unserved(tools: list[Tool], index: ModuleIndex) -> None:
    """A registry entry (a dict of name -> function) no server is found for, in a package
    where the analysis sees servers list their tools by registration only (no low-level
    call handler that could read a table), and whose function the analysis never saw
    reach a framework: a table of something else (a command line's subcommands, a plugin
    map) that no server lists."""
    if index.path is None:
        return
    candidates = [
        t for t in tools
        if t.server is None and t.shape == "registry" and t.handler is not None
        and isinstance(t.handler.node, cst.FunctionDef)
    ]  # fmt: skip
    if not candidates:
        return
    facts = served(index.path)
    if not facts or dispatching(index.path):
        return  # no server seen, or a low-level one whose call handler may read the table
    seen = {(f.handler_path, f.handler_line) for f in facts}
    # A server written by hand lists its tools by name: an entry it lists is its tool,
    # whatever function its call handler reaches it through.
    listed = {f.name for f in facts if f.framework == JSON_RPC}
    for tool in candidates:
        place = _handler_place(tool, index)
        if place is not None and place not in seen and tool.name not in listed:
            tools.remove(tool)


def annotated_by_flow(discoverer: Discoverer, tools: list[Tool], index: ModuleIndex) -> None:
    """A tool whose annotations the recognisers could not read (`annotations=write_action`,
    a parameter of the registering function; `annotations=annotations.READ`, a dict of
    another module; a helper given its keywords by a `**PRESET` spread) takes the
    readOnlyHint and destructiveHint the analysis evaluated for its registration, where
    every value it found agrees."""
    unread = [
        t for t in tools
        if t.handler is not None and isinstance(t.handler.node, cst.FunctionDef)
        and (t.annotations is None or not t.annotations.resolved
             or t.annotations.read_only is None and t.annotations.destructive is None)
    ]  # fmt: skip
    if not unread or index.path is None:
        return
    hints: dict[tuple[str, int, str], set[tuple[bool | None, bool | None]]] = {}
    varies: set[tuple[str, int, str]] = set()
    for fact in served(index.path):
        if fact.read_only_varies:
            varies.add((fact.handler_path, fact.handler_line, fact.name))
        if fact.read_only is not None or fact.destructive is not None or fact.read_only_varies:
            key = (fact.handler_path, fact.handler_line, fact.name)
            hints.setdefault(key, set()).add((fact.read_only, fact.destructive))
    if not hints:
        return
    for tool in unread:
        place = _handler_place(tool, index)
        found = hints.get((*place, tool.name)) if place is not None else None
        if found is None or len(found) != 1:
            continue
        read_only, destructive = next(iter(found))
        # A readOnlyHint chosen per tool at run time says nothing here: the tool's mode
        # comes from what else is known of it (its effects, its name), as for an
        # expression the checker cannot read.
        resolved = place is None or (*place, tool.name) not in varies
        annotations = Annotations(read_only, destructive, "registration annotations", resolved)
        _classify_again(tool, annotations, discoverer)


def listed_by_flow(discoverer: Discoverer, tools: list[Tool], index: ModuleIndex) -> None:
    """A low-level tool whose `Tool(...)` the recognisers could not read (built in a loop
    over a registry: `Tool(name=entry["name"], inputSchema=entry["input_schema"],
    annotations=ToolAnnotations(...))`; a schema a project helper builds from its
    arguments, `inputSchema=_schema(sql="...")`) takes the input schema and the
    annotations the analysis evaluated for the listed object of its name, where they
    agree."""
    wanted = [
        t for t in tools
        if t.schema.properties is None
        and (t.shape in ("dispatcher", "class") or t.schema.source == "none")
        or t.annotations is None and t.shape == "dispatcher"
    ]  # fmt: skip
    if not wanted or index.path is None:
        return
    facts: dict[str, list[Served]] = {}
    for fact in served(index.path):
        # a low-level tool, or a tool class's object (`RegistryTool(parameters=...)`)
        if fact.framework in DISPATCHED or fact.arguments:
            facts.setdefault(fact.name, []).append(fact)
    for tool in wanted:
        found = facts.get(tool.name, [])
        schemas = {(f.properties, f.closed) for f in found if f.properties is not None}
        if tool.schema.properties is None and len(schemas) == 1:
            properties, closed = next(iter(schemas))
            tool.schema = Schema(
                properties, "the listed Tool(...), as the analysis evaluates it", None, "",
                closed,
            )  # fmt: skip
        hints = {(f.read_only, f.destructive) for f in found}
        if tool.annotations is None and len(hints) == 1 and hints != {(None, None)}:
            read_only, destructive = next(iter(hints))
            annotations = Annotations(read_only, destructive, "listed annotations")
            _classify_again(tool, annotations, discoverer)


def arguments_by_flow(tools: list[Tool], index: ModuleIndex) -> None:
    """A dispatcher's tool whose handler function the recognisers saw no argument dict
    reach (`asyncio.to_thread(_handle_tool, name, arguments)`) takes the parameter the
    analysis saw the call's arguments bound to: it reads a dict, it is not called with
    keywords."""
    wanted = [
        t for t in tools
        if t.shape in ("dispatcher", "registry") and t.handler is not None
        and t.handler.keyword_style
        and isinstance(t.handler.node, cst.FunctionDef)
    ]  # fmt: skip
    if not wanted or index.path is None:
        return
    by_place: dict[tuple[str, int], set[str]] = {}
    for fact in served(index.path):
        if fact.arguments:
            by_place.setdefault((fact.handler_path, fact.handler_line), set()).add(fact.arguments)
    if not by_place:
        return
    for tool in wanted:
        assert tool.handler is not None
        place = _handler_place(tool, index)
        found = by_place.get(place) if place is not None else None
        if found is not None and len(found) == 1:
            parameter = next(iter(found))
            if parameter in tool.handler.params:
                tool.handler.args_name = parameter


def _handler_place(tool: Tool, index: ModuleIndex) -> tuple[str, int] | None:
    """The file and `def` line of the tool's handler, as the analysis' facts give them."""
    if tool.handler is None or not isinstance(tool.handler.node, cst.FunctionDef):
        return None
    function = tool.handler.function
    home = function.index if function is not None and function.index is not None else index
    if home.path is None:
        return None
    name = tool.handler.node.name
    line = positions(home.module, [name], None, home.statement_of).get(id(name), (0,))[0]
    return str(home.path.resolve()), line
