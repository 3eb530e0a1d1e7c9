"""Servers for the tools the recognisers leave unlinked, read off the value-flow analysis.

A tool whose server the module's own recognisers cannot name (a server handed to
`register_tools(mcp)` from another module, built by a factory, kept in a registry) would
get TAV904 "cannot decide". The value-flow analysis of its package (`toolargs.flow`)
follows the server object to the registration sink; where it reaches one with this
tool's handler, the tool is linked to that server. The analysis runs once per package
and process, and keeps plain facts only (names, files, lines), never trees.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.index import ModuleIndex
from toolargs.discovery.project import ProjectIndex
from toolargs.model import FrameworkId, Server, Tool
from toolargs.positions import positions

MAX_PACKAGE_FILES = 4000

# The analysis' framework ids, as discovery's server models name them.
FRAMEWORKS: dict[str, tuple[str, bool, FrameworkId]] = {
    "mcp-fastmcp": ("SDK FastMCP", True, "mcp-fastmcp"),
    "mcp-mcpserver": ("SDK MCPServer", True, "mcp-mcpserver"),
    "fastmcp": ("fastmcp", False, "fastmcp"),
    "mcp-lowlevel": ("SDK Server", False, "mcp-lowlevel"),
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


_analysed: dict[str, tuple[Served, ...]] = {}


def package_of(path: Path) -> tuple[Path, list[Path]]:
    """The folder module names are relative to, and the files of the package holding
    `path`: its top-level package, or for a module in no package, its folder's modules
    (scripts that import each other side by side)."""
    file = path.resolve()
    folder = file.parent
    if not (folder / "__init__.py").exists():
        return folder, sorted(folder.glob("*.py"))[:MAX_PACKAGE_FILES]
    top = folder
    while (top.parent / "__init__.py").exists() and top.parent != top:
        top = top.parent
    return top.parent, sorted(top.rglob("*.py"))[:MAX_PACKAGE_FILES]


def served(path: Path) -> tuple[Served, ...]:
    """Every tool registration the analysis finds in the package of `path`."""
    root, files = package_of(path)
    key = str(root) + "|" + (str(files[0].parent) if files else "")
    if key not in _analysed:
        _analysed[key] = _analyse(files, root)
    return _analysed[key]


def _analyse(files: list[Path], root: Path) -> tuple[Served, ...]:
    from toolargs.flow.tools import analyse

    try:
        result = analyse(files, root)
    except (RecursionError, MemoryError, ValueError):
        return ()
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
            )
        )  # fmt: skip
    return tuple(found)


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
            continue
        line = lines.get(id(node.name), (0, 0))[0] if path == here else _line_in(node, function)
        candidates = [f for f in by_handler.get((path, line), []) if f.name == tool.name]
        candidates = candidates or by_handler.get((path, line), [])
        if not candidates:
            continue
        fact = candidates[0]
        server = _server_model(fact, tool, index, config, by_name)
        if server is None:
            continue
        if server.name not in by_name:
            by_name[server.name] = server
            servers.append(server)
        tool.server = server.name


def _line_in(node: cst.FunctionDef, function: object) -> int:
    index = getattr(function, "index", None)
    if not isinstance(index, ModuleIndex):
        return 0
    return positions(index.module, [node.name], None, None).get(id(node.name), (0, 0))[0]


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
    name = label
    if label in by_name and by_name[label].served_from != built:
        name = f"{label} ({where})"  # another server of the same name is linked here
    if name in by_name:
        return by_name[name]
    from toolargs.discovery import _enforcement_of, _keywords

    keywords: dict[str, str] = {}
    enforced = None
    if home is not None and fact.server_name:
        call = home.bound_calls.get(fact.server_name)
        if isinstance(call, cst.Call):
            keywords = _keywords(call)
        enforced = _enforcement_of(fact.server_name, home, config)
    text, drops, framework_id = framework
    server = Server(name, text, tool.anchor, drops, enforced, framework_id, keywords)
    server.served_from = built
    return server
