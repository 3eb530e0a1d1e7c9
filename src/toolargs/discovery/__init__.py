"""Discovery: from one parsed module to the model of the tools it defines."""

from __future__ import annotations

from pathlib import Path

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.index import LOWLEVEL_SERVERS, ModuleIndex
from toolargs.discovery.literals import dotted_name, last_name, positional, snippet
from toolargs.discovery.mounts import mount_prefix
from toolargs.discovery.project import project_for
from toolargs.discovery.schema import Resolver, load_schema_files
from toolargs.discovery.shapes import Discoverer
from toolargs.effects import classify_tools
from toolargs.model import FrameworkId, ModuleModel, Server, Tool

__all__ = ["build_model"]


def build_model(
    module: cst.Module, path: str, config: Config, source: str | None = None
) -> ModuleModel:
    project = project_for(config)
    index = project.add(module, Path(path) if path else None, source)
    resolver = Resolver(index, config)
    file_decls = load_schema_files(config) if config.schema_files else {}
    tools = Discoverer(index, resolver, config, file_decls).discover()
    _mounted_names(tools, index, resolver)
    classify_tools(tools, index, resolver, config)  # effects decide what nothing else did
    servers = _servers(index, config)
    by_name = {server.name: server for server in servers}
    for tool in tools:
        if tool.server is None or tool.server in by_name:
            continue
        imported = _imported_server(tool.server, tool.anchor, index, resolver, config)
        if imported is None:
            tool.server = None  # not a framework server after all
        else:
            by_name[imported.name] = imported
            servers.append(imported)
    for tool in tools:
        server = by_name.get(tool.server or "")
        if server is not None and server.enforced_by and tool.enforcement is None:
            tool.enforcement = server.enforced_by
        if server is not None and server.framework_id == "fastmcp":
            tool.rejected_by = server.framework
        if server is not None:
            tool.server_model = server
    return ModuleModel(
        path, module, tools, servers, index.statement_of, project, index.server_calls
    )


def _mounted_names(tools: list[Tool], index: ModuleIndex, resolver: Resolver) -> None:
    """Tools of a server another module mounts with a prefix are served as
    `<prefix>_<name>` (`main.mount(sub, namespace="jira")`)."""
    prefixes: dict[str, str] = {}
    for tool in tools:
        if tool.server is None:
            continue
        if tool.server not in prefixes:
            home: ModuleIndex | None = index
            name = tool.server
            imported = index.imports.get(tool.server)
            if imported is not None and imported.name:
                home, name = resolver.module_of_name(imported), imported.name
            prefixes[tool.server] = mount_prefix(home, name) if home is not None else ""
        if prefixes[tool.server]:
            tool.name = f"{prefixes[tool.server]}_{tool.name}"


def _imported_server(
    name: str, anchor: cst.CSTNode, index: ModuleIndex, resolver: Resolver, config: Config
) -> Server | None:
    """A server built in another module of the project and imported here.

    Its tools are here, so a missing enforcement is reported here, at its first tool.
    """
    imported = index.imports.get(name)
    if imported is None:  # built here from a class that is no framework's
        return None
    other = resolver.module_of_name(imported)
    if other is None:
        return None
    found = next((s for s in _servers(other, config) if s.name == imported.name), None)
    if found is None:
        return None
    server = Server(
        name,
        found.framework,
        anchor,
        found.drops_unknown,
        found.enforced_by,
        found.framework_id,
        dict(found.keywords),
    )
    server.enforced_by = server.enforced_by or _enforcement_of(name, index, config)
    return server


def _servers(index: ModuleIndex, config: Config) -> list[Server]:
    """Framework server objects, and whether the policy is enforced on them."""
    servers: dict[str, Server] = {}
    for name, call in index.bound_calls.items():
        constructor = call
        if last_name(call.func) in config.enforcement_calls:
            inner = positional(call, 0)
            if not isinstance(inner, cst.Call):
                continue
            constructor = inner
        lowlevel = index.constructs(constructor, LOWLEVEL_SERVERS)
        if not lowlevel and not index.constructs(constructor, config.server_classes):
            continue
        found = _framework(constructor, index, lowlevel)
        if found is None:
            continue  # a `Server` class of some other library
        framework, drops, framework_id = found
        server = Server(name, framework, constructor, drops, None, framework_id)
        server.keywords = _keywords(constructor)
        if constructor is not call:
            server.enforced_by = f"{last_name(call.func)}({name})"
        servers[name] = server
    for server in servers.values():
        server.enforced_by = server.enforced_by or _enforcement_of(server.name, index, config)
    return list(servers.values())


def _enforcement_of(name: str, index: ModuleIndex, config: Config) -> str | None:
    """`enforce_policy(name)` (or `enforce_policy(self.name)`) applied in this module."""
    for call, _ in index.calls:
        function = last_name(call.func)
        if function not in config.enforcement_calls:
            continue
        target = dotted_name(positional(call, 0) or call.func) or ""
        if target.rsplit(".", 1)[-1] == name:
            return f"{function}({name})"
    return None


def _framework(
    constructor: cst.Call, index: ModuleIndex, lowlevel: bool = False
) -> tuple[str, bool, FrameworkId] | None:
    """The SDK's FastMCP/MCPServer drop unknown keys; standalone fastmcp rejects them.
    A low-level `Server` is the SDK's when it is imported from `mcp` (its validation
    depends on the schema: `drops_unknown` is False, the behaviour model decides)."""
    written = dotted_name(constructor.func) or ""
    head = written.split(".")[0]
    imported = index.imports.get(head)
    origin = written if "." in written else ""
    if imported is not None:
        origin = ".".join(p for p in (imported.module, imported.name) if p)
    class_name = index.original_name(written.rsplit(".", 1)[-1])
    if lowlevel:
        return ("SDK Server", False, "mcp-lowlevel") if origin.startswith("mcp.") else None
    if origin.startswith("fastmcp"):
        return "fastmcp", False, "fastmcp"
    framework_id: FrameworkId = "mcp-mcpserver" if class_name == "MCPServer" else "mcp-fastmcp"
    return f"SDK {class_name}", True, framework_id


def _keywords(constructor: cst.Call) -> dict[str, str]:
    """Constructor keywords as written; a `**spread` under its own text."""
    found: dict[str, str] = {}
    for arg in constructor.args:
        if arg.keyword is not None:
            found[arg.keyword.value] = snippet(arg.value)
        elif arg.star == "**":
            found[f"**{snippet(arg.value)}"] = snippet(arg.value)
    return found
