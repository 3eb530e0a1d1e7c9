"""Discovery: from one parsed module to the model of the tools it defines."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import libcst as cst

from toolargs.config import Config
from toolargs.discovery.flow_link import (
    begin_model,
    arguments_by_flow,
    attribute_calls,
    add_unfound,
    annotated_by_flow,
    drop_hidden,
    drop_uncalled,
    drop_unreached,
    drop_unimported,
    drop_unlisted,
    drop_unserved,
    intercepted_by_flow,
    link_loaded_class,
    link_unlinked,
    listed_by_flow,
    mounted_by_flow,
    mounted_here_by_flow,
    registered_2x,
    named_by_flow,
    place_servers,
    renamed_by_flow,
)
from toolargs.discovery.index import LOWLEVEL_SERVERS, ClassInfo, ModuleIndex
from toolargs.discovery.literals import dotted_name, last_name, positional, snippet
from toolargs.discovery.mounts import mount_prefix, mounted_into
from toolargs.discovery.project import ProjectIndex, project_for
from toolargs.discovery.schema import Resolver, load_schema_files
from toolargs.discovery.serving import Serving, package_server, serving_server
from toolargs.discovery.shapes import Discoverer
from toolargs.discovery.walk import walk
from toolargs.effects import classify_tools
from toolargs.flow.frameworks import GLOBAL_SINKS
from toolargs.model import FrameworkId, Handler, ModuleModel, Schema, Server, Tool
from toolargs.positions import positions

__all__ = ["build_model"]

# Where a framework server class is imported from.
FRAMEWORK_PACKAGES = ("mcp", "fastmcp", "chuk_mcp_server")


def build_model(
    module: cst.Module, path: str, config: Config, source: str | None = None
) -> ModuleModel:
    begin_model()  # the package's facts are looked up once for this model
    project = project_for(config)
    index = project.add(module, Path(path) if path else None, source)
    resolver = Resolver(index, config)
    file_decls = load_schema_files(config) if config.schema_files else {}
    discoverer = Discoverer(index, resolver, config, file_decls, source)
    tools = discoverer.discover()
    for tool in tools:
        if tool.shape == "decorator" and _server_method_decorated(tool):
            # `@mcp.tool(...)`: whatever framework is behind it (a server handed in from
            # outside the package too), a server's decorator that is given no schema
            # registers the function with its signature
            _keyword_style(tool)
    _drop_wrappers(tools)  # a decorator's inner function, named after what it wraps
    renamed_by_flow(discoverer, tools, index)  # a handler registered under other names
    named_by_flow(discoverer, tools, index)  # names only value flow reads
    annotated_by_flow(discoverer, tools, index)  # annotations only value flow reads
    arguments_by_flow(tools, index)  # a dispatched handler's argument dict
    _mounted_names(tools, index, resolver)
    add_unfound(discoverer, tools, index)  # what only value flow finds
    listed_by_flow(discoverer, tools, index)  # low-level Tool(...)s built in a loop
    classify_tools(tools, index, resolver, config)  # effects decide what nothing else did
    servers = _servers(index, config)
    _module_level_server(tools, index, config, servers)  # `@tool` of chuk_mcp_server
    registered_2x(servers, index)  # `add_request_handler("tools/call", ...)`: the 2.x API
    by_name = {server.name: server for server in servers}
    for tool in tools:
        if tool.server is None or tool.server in by_name:
            continue
        imported = _subclass_server(tool.server, index, config) or _imported_server(
            tool.server, tool.anchor, index, resolver, config
        )
        if imported is None:
            tool.server = None  # not a framework server after all
        else:
            by_name[imported.name] = imported
            servers.append(imported)
    _served_classes(tools, index, config, servers, by_name)
    link_unlinked(tools, index, config, servers, by_name)  # what only value flow links
    place_servers(tools, index, by_name, config)  # where only value flow sees a server built
    drop_hidden(tools, index)  # tools a transform hides behind tools of its own
    drop_unserved(tools, index)  # tables no server lists
    drop_unlisted(tools, index)  # branches for names no listing gives
    drop_unimported(tools, index)  # modules no one imports, decorating another's server
    drop_uncalled(tools, index)  # register functions no one calls
    for tool in tools:
        server = by_name.get(tool.server or "")
        if server is not None and server.enforced_by and tool.enforcement is None:
            tool.enforcement = server.enforced_by
        if server is not None and server.framework_id == "fastmcp":
            tool.rejected_by = server.framework
        if server is not None:
            tool.server_model = server
            if server.framework_id in SIGNATURE_FRAMEWORKS:
                _keyword_style(tool)

    drop_unreached(tools, index)  # tools on no known server that nothing registers
    _drop_repeated(tools)  # one handler found twice under one name
    intercepted_by_flow(tools, index)  # a hook of the server that rejects unknown keys
    _mounted_servers(tools, servers, index, config)
    return ModuleModel(
        path, module, tools, servers, index.statement_of, project, index.server_calls
    )


def _drop_repeated(tools: list[Tool]) -> None:
    """A tool found twice, by the same name, shape, handler and server (a dispatcher
    reached from two places that both route `tools/call` to it): one tool. And one whose
    handler could not be followed (TAV902) where the same name on the same server was
    found with its handler (`add_tool(Tool.from_function(get_product, name=...))`,
    `self.mcp.add_tool(self.find, name=...)`, which value flow follows), on that server or
    on none the checker names: the tool with its handler."""
    handled = {(t.name, t.server) for t in tools if t.handler is not None}
    named = {t.name for t in tools if t.handler is not None}
    seen: set[tuple[str, str, int, str | None]] = set()
    kept: list[Tool] = []
    for tool in tools:
        if tool.handler is None and (
            (tool.name, tool.server) in handled or tool.server is None and tool.name in named
        ):
            continue
        node = tool.handler.node if tool.handler is not None else tool.anchor
        key = (tool.name, tool.shape, id(node), tool.server)
        if key not in seen:
            seen.add(key)
            kept.append(tool)
    tools[:] = kept


# Servers that call a registered function with keyword arguments, its schema built from
# its signature: a function whose one parameter is a dict takes a key of that name.
SIGNATURE_FRAMEWORKS = frozenset({"mcp-fastmcp", "mcp-mcpserver", "fastmcp", "chuk-mcp-server"})


_SCHEMA_KEYWORDS = frozenset({"input_schema", "inputSchema", "parameters", "schema"})


def _server_method_decorated(tool: Tool) -> bool:
    """Whether the handler is decorated by a server's `.tool` method (`@mcp.tool()`,
    `@mcp.tool(name=...)`) given no schema of its own: the framework builds the schema
    from the signature and calls the function with its keywords."""
    node = tool.handler.node if tool.handler is not None else None
    if not isinstance(node, cst.FunctionDef):
        return False
    for decorator in node.decorators:
        written = decorator.decorator
        call = written if isinstance(written, cst.Call) else None
        func = call.func if call is not None else written
        if isinstance(func, cst.Attribute) and func.attr.value == "tool":
            keywords = {a.keyword.value for a in call.args if a.keyword} if call else set()
            return not keywords & _SCHEMA_KEYWORDS
    return False


def _keyword_style(tool: Tool) -> None:
    """A function registered on such a server is keyword-style whatever its parameter's
    type: `def submit(payload: dict)` is listed with the one property `payload`, and the
    server hands the call `payload=...` (the rest of the call's keys never reach it). Read
    as a dict-style handler, its `payload` would be taken for the call's whole argument
    dict (TAV901 for a schema that is the signature's, TAV201 on a mutation fastmcp
    already makes strict)."""
    handler = tool.handler
    if handler is None or handler.keyword_style or tool.shape not in ("decorator", "imperative"):
        return
    if not isinstance(handler.node, cst.FunctionDef) or tool.schema.properties is not None:
        return
    parameter = handler.args_name
    assert parameter is not None
    tool.handler = Handler(
        handler.label, handler.node, handler.anchor, None, (parameter,), [], handler.function
    )
    tool.schema = Schema((parameter,), "signature")


def _served_classes(
    tools: list[Tool],
    index: ModuleIndex,
    config: Config,
    servers: list[Server],
    by_name: dict[str, Server],
) -> None:
    """Tools no server object registers here: a class-based tool is served by the server
    a module of the package hands it to (its tool manager, or a dispatcher calling its
    handler method); a keyword-style tool that reached a framework sink through an
    object the checker cannot follow, by the one framework server the package builds
    (discovery.serving)."""
    classes = {id(cls.node.name): cls for cls in index.classes.values()}
    for tool in tools:
        if tool.server is not None or tool.shape != "class" or tool.handler is None:
            continue
        cls = classes.get(id(tool.anchor))
        if cls is None:
            continue
        method = tool.handler.label.rsplit(".", 1)[-1]
        serving = serving_server(
            cls,
            method,
            index,
            lambda module: _servers(module, config),
            lambda call, module: _annotated_server(call, module, config),
        )
        if serving is not None:
            _link(tool, index, serving, config, servers, by_name)
        else:
            link_loaded_class(tool, cls, method, index, config, servers, by_name)
    unlinked = [
        tool
        for tool in tools
        if tool.server is None
        and tool.shape in ("decorator", "imperative")
        and tool.handler is not None
        and tool.handler.keyword_style
    ]
    if unlinked:
        unlinked = _registered_on_self(unlinked, index, config, servers, by_name)
    if unlinked:
        unlinked = _on_annotated_parameter(unlinked, index, config, servers, by_name)
    if unlinked:
        only = package_server(
            index, lambda module: _servers(module, config), config.server_classes
        )
        for tool in unlinked:
            if only is not None:
                _link(tool, index, only, config, servers, by_name)


def _on_annotated_parameter(
    tools: list[Tool],
    index: ModuleIndex,
    config: Config,
    servers: list[Server],
    by_name: dict[str, Server],
) -> list[Tool]:
    """Tools decorated on a parameter annotated with a framework's server class
    (`def register_invoice_tools(mcp: FastMCP)` ... `@mcp.tool()`), where no server the
    package builds reaches it (the caller's comes from a dependency): that framework's
    server, whatever object the caller hands in. The tools still unlinked are returned."""
    rest = []
    for tool in tools:
        handler = tool.handler
        function = handler.function if handler is not None else None
        enclosing = function.enclosing if function is not None else None
        node = handler.node if handler is not None else None
        if enclosing is None or not isinstance(node, cst.FunctionDef):
            rest.append(tool)
            continue
        annotated = {
            param.name.value: _unquoted(param.annotation.annotation)
            for param in (*enclosing.node.params.params, *enclosing.node.params.kwonly_params)
            if param.annotation is not None
        }
        found = None
        for decorator in node.decorators:
            expr = decorator.decorator
            func = expr.func if isinstance(expr, cst.Call) else expr
            if (
                isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)
                and func.attr.value in config.tool_decorators
                and func.value.value in annotated
            ):  # fmt: skip
                found = _annotated_server(
                    cst.Call(func=annotated[func.value.value]), index, config
                )
                if found is not None:
                    found.name = func.value.value
                    found.served_from = f"the parameter {found.name} of {enclosing.name}"
                break
        if found is None:
            rest.append(tool)
            continue
        serving = Serving(found, index, "an annotated parameter")
        _link(tool, index, serving, config, servers, by_name)
    return rest


def _unquoted(annotation: cst.BaseExpression) -> cst.BaseExpression:
    """`mcp: "FastMCP"` (a forward reference, its class imported under TYPE_CHECKING):
    the expression the string names."""
    if isinstance(annotation, cst.SimpleString):
        text = annotation.evaluated_value
        if isinstance(text, str):
            try:
                return cst.parse_expression(text)
            except cst.ParserSyntaxError:
                return annotation
    return annotation


def _registered_on_self(
    tools: list[Tool],
    index: ModuleIndex,
    config: Config,
    servers: list[Server],
    by_name: dict[str, Server],
) -> list[Tool]:
    """Tools registered inside the methods of a project subclass of a framework server
    (`self.tool(...)(store)` in `QdrantMCPServer.setup_tools`) are served by `self`.
    The tools still unlinked are returned."""
    project = index.project
    if not isinstance(project, ProjectIndex):
        return tools
    rest = tools
    for cls in index.classes.values():
        base = _framework_base(cls, project, config) if cls.bases else None
        if base is None:
            continue
        found = _framework(cst.Call(func=base[0]), base[1], base[2])
        if found is None:
            continue
        inside = {id(node) for node in walk(cls.node)}
        served = [tool for tool in rest if id(tool.anchor) in inside]
        rest = [tool for tool in rest if id(tool.anchor) not in inside]
        for tool in served:
            server = Server("self", found[0], cls.node.name, found[1], None, found[2])
            server.served_from = f"the methods of {cls.name}"
            _link(tool, index, Serving(server, index, "self"), config, servers, by_name)
    return rest


def _link(
    tool: Tool,
    index: ModuleIndex,
    serving: Serving,
    config: Config,
    servers: list[Server],
    by_name: dict[str, Server],
) -> None:
    """`tool` is served by `serving.server`, built in another module (or this one):
    reported here, at the first tool it serves."""
    found = serving.server
    if found.name not in by_name:
        server = Server(
            found.name,
            found.framework,
            tool.anchor,
            found.drops_unknown,
            found.enforced_by or _enforcement_of(found.name, serving.module, config),
            found.framework_id,
            dict(found.keywords),
        )
        # Not bound where the fixer could add enforce_policy: it says where instead.
        where = serving.module.path or index.path
        server.served_from = found.served_from or (
            where.name if where is not None else "another module"
        )
        server.built_at = found.built_at or _built_at(found.node, serving.module)
        by_name[found.name] = server
        servers.append(server)
    tool.server = found.name


def _annotated_server(call: cst.Call, index: ModuleIndex, config: Config) -> Server | None:
    """`mcp: FastMCP` as a parameter: a server of the class it is annotated with
    (`call` is the annotation as a call without arguments)."""
    lowlevel = index.constructs(call, LOWLEVEL_SERVERS)
    if not lowlevel and not index.constructs(call, config.server_classes):
        return None
    found = _framework(call, index, lowlevel)
    if found is None:
        return None
    return Server("", found[0], call, found[1], None, found[2])


def _mounted_servers(
    tools: list[Tool], servers: list[Server], index: ModuleIndex, config: Config
) -> None:
    """A fastmcp server mounted into another (`main.mount(sub, prefix="jira")`) is served
    through it: the parent's middleware runs for its tools, so `enforce_policy(main)`
    enforces them, and where nothing is enforced the one line goes on the parent."""
    by_flow: dict[int, tuple[str, str]] | None = None
    for server in servers:
        if server.framework_id != "fastmcp" or server.enforced_by or server.served_from:
            continue
        found = mounted_into(index, server.name)
        if found is None:
            # Where the recognisers read no mount, the value flow may have seen one.
            if by_flow is None:
                by_flow = mounted_by_flow(tools, index)
            seen = by_flow.get(id(server)) or mounted_here_by_flow(server, index)
            project = index.project
            if seen is None or not isinstance(project, ProjectIndex):
                continue
            other = project.module_at(Path(seen[1]))
            if other is None:
                continue
            found = seen[0], other
        parent, home = found
        if not any(s.name == parent for s in _servers(home, config)):
            continue  # mounted into what is no framework server (a web app)
        server.mounted_into = parent
        server.mounted_in = str(home.path.resolve()) if home.path is not None else ""
        call = home.bound_calls.get(parent)
        enforced = _enforcement_of(parent, home, config)
        if call is not None and last_name(call.func) in config.enforcement_calls:
            enforced = f"{last_name(call.func)}({parent})"
        if enforced is None:
            continue
        server.enforced_by = f"{enforced} on the server it is mounted into"
        for tool in tools:
            if tool.server == server.name and tool.enforcement is None:
                tool.enforcement = server.enforced_by


def _drop_wrappers(tools: list[Tool]) -> None:
    """A function a decorator builds with `@functools.wraps(fn)` and registers
    (`mcp.tool()(wrapper)` inside a project's `def tool(fn)`): the framework lists it
    under `fn`'s name, copied onto it, once per function decorated, which the value-flow
    analysis reads; the wrapper's own name is no tool's."""
    tools[:] = [
        tool for tool in tools
        if not (
            tool.handler is not None
            and isinstance(tool.handler.node, cst.FunctionDef)
            and tool.name == tool.handler.node.name.value
            and any(_wraps(d.decorator) for d in tool.handler.node.decorators)
        )
    ]  # fmt: skip


def _wraps(decorator: cst.BaseExpression) -> bool:
    return isinstance(decorator, cst.Call) and last_name(decorator.func) == "wraps"


def _mounted_names(tools: list[Tool], index: ModuleIndex, resolver: Resolver) -> None:
    """Tools of a server another module mounts with a prefix are served as
    `<prefix>_<name>` (`main.mount(sub, namespace="jira")`); where no mount the
    recognisers read gives one, under the name the value-flow analysis saw."""
    prefixes: dict[str, str] = {}
    for tool in list(tools):
        if tool.server is None and tool.mounted_as and not tool.name_as_listed:
            # a tool object of no server here, that the analysis saw given to mounted
            # servers: it is theirs, reported where they are
            tools.remove(tool)
            continue
        if tool.server is None or tool.name_as_listed:
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
        elif len(tool.mounted_as) == 1:
            tool.name, tool.name_as_listed = tool.mounted_as[0], True


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
        found = _subclass_server(imported.name, other, config)
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
    # Names bound to calls, and attributes (`self.server = Server(...)` in a class that
    # hands it to register functions elsewhere): reported and enforced where built.
    bound = [*index.bound_calls.items(), *attribute_calls(index).values()]
    for name, call in bound:
        if name in servers:
            continue
        constructor = call
        if last_name(call.func) in config.enforcement_calls:
            inner = positional(call, 0)
            if not isinstance(inner, cst.Call):
                continue
            constructor = inner
        enforced = f"{last_name(call.func)}({name})" if constructor is not call else None
        by_factory = _built_by_factory(constructor, index, config)
        factory = None
        if by_factory is not None:
            constructor, enforced = by_factory[0], enforced or by_factory[1]
            factory = by_factory[2]
        # `WorkspaceServer(name)`, a class of this module subclassing MCPServer: built
        # like its base, with its own arguments
        typed = _as_base(constructor, index, config) or constructor
        lowlevel = index.constructs(typed, LOWLEVEL_SERVERS)
        if not lowlevel and not index.constructs(typed, config.server_classes):
            continue
        found = _framework(typed, index, lowlevel)
        if found is None:
            continue  # a `Server` class of some other library
        framework, drops, framework_id = found
        server = Server(name, framework, constructor, drops, None, framework_id)
        server.keywords = _keywords(constructor)
        server.enforced_by = enforced
        server.factory = factory
        servers[name] = server
    for server in servers.values():
        # an attribute's enforcement is written on it: `enforce_policy(self.server)`
        written = server.name.rsplit(".", 1)[-1]
        server.enforced_by = server.enforced_by or _enforcement_of(written, index, config)
    return list(servers.values())


def _as_base(call: cst.Call, index: ModuleIndex, config: Config) -> cst.Call | None:
    """`WorkspaceServer(name, ...)` where this module's `class WorkspaceServer(MCPServer)`
    (through its local bases) subclasses a server class: the same call, of the base."""
    name = call.func.value if isinstance(call.func, cst.Name) else None
    known = (*config.server_classes, *LOWLEVEL_SERVERS)
    for _ in range(MAX_LOCAL_BASES):
        cls = index.classes.get(name) if name is not None else None
        if cls is None or index.original_name(name or "") in known:
            return None
        for base in cls.bases:
            if index.original_name(base.rsplit(".", 1)[-1]) in known:
                return call.with_changes(func=cst.parse_expression(base))
        name = cls.bases[0] if cls.bases else None
    return None


MAX_LOCAL_BASES = 4  # project subclasses of project subclasses of a server class


def _built_by_factory(
    call: cst.Call, index: ModuleIndex, config: Config
) -> tuple[cst.Call, str | None, tuple[str, str] | None] | None:
    """`mcp = build_server()`, a function of this module that builds the server and
    returns it (`mcp = FastMCP(...)` ... `return mcp`): that constructor, the policy's
    call when the function applies it to what it returns (`enforce_policy(mcp)`), and
    the function's name with the local name it builds the server under."""
    if not isinstance(call.func, cst.Name):
        return None
    function = index.functions.get(call.func.value)
    if function is None:
        return None
    built: dict[str, cst.Call] = {}
    returned: list[cst.BaseExpression] = []
    enforced: dict[str, str] = {}  # a local name -> `enforce_policy(name)` applied to it
    for node in walk(function.node.body, into_scopes=False):
        if isinstance(node, cst.Assign) and isinstance(node.value, cst.Call):
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    built[target.target.value] = node.value
        elif isinstance(node, cst.Return) and node.value is not None:
            returned.append(node.value)
        elif isinstance(node, cst.Call) and last_name(node.func) in config.enforcement_calls:
            target_value = positional(node, 0)
            if isinstance(target_value, cst.Name):
                enforced[target_value.value] = (
                    f"{last_name(node.func)}({target_value.value}) in {call.func.value}()"
                )
    classes = (*LOWLEVEL_SERVERS, *config.server_classes)
    for value in returned:
        found = built.get(value.value) if isinstance(value, cst.Name) else value
        if isinstance(found, cst.Call) and index.constructs(found, classes):
            local = value.value if isinstance(value, cst.Name) else ""
            return found, enforced.get(local), (call.func.value, local) if local else None
    return None


def _subclass_server(name: str, index: ModuleIndex, config: Config) -> Server | None:
    """`jira = ErrorPreservingFastMCP(...)` bound in `index`, from a project class whose
    base resolves (through the project index) to a framework server class: that
    framework's server. Looked for only for names that register tools."""
    call = index.bound_calls.get(name)
    project = index.project
    if call is None or not isinstance(project, ProjectIndex):
        return None
    if last_name(call.func) in config.enforcement_calls:
        inner = positional(call, 0)
        if not isinstance(inner, cst.Call):
            return None
        call = inner
    found = project.definition(call.func, index, None)
    if not isinstance(found, ClassInfo):
        return None
    base = _framework_base(found, project, config)
    if base is None:
        return None
    written, where, lowlevel = base
    framework = _framework(cst.Call(func=written), where, lowlevel)
    if framework is None:
        return None
    server = Server(name, framework[0], call, framework[1], None, framework[2])
    server.keywords = _keywords(call)
    if call is not index.bound_calls[name]:
        server.enforced_by = f"{last_name(index.bound_calls[name].func)}({name})"
    server.enforced_by = server.enforced_by or _enforcement_of(name, index, config)
    return server


def _framework_base(
    cls: ClassInfo, project: ProjectIndex, config: Config
) -> tuple[cst.BaseExpression, ModuleIndex, bool] | None:
    """The first base in `cls`'s project class chain that names a framework server
    class, with the module it is written in and whether it is the low-level `Server`."""
    for current in project.class_chain(cls):
        where = current.index
        if where is None:
            continue
        for base in current.node.bases:
            value = base.value.value if isinstance(base.value, cst.Subscript) else base.value
            written = last_name(value)
            if written is None:
                continue
            original = where.original_name(written)
            if original not in LOWLEVEL_SERVERS and original not in config.server_classes:
                continue
            head = (dotted_name(value) or "").split(".")[0]
            imported = where.imports.get(head)
            package = imported.module.split(".")[0] if imported is not None else ""
            if package in FRAMEWORK_PACKAGES:  # not a project class of the same name
                return value, where, original in LOWLEVEL_SERVERS
    return None


def _module_level_server(
    tools: list[Tool], index: ModuleIndex, config: Config, servers: list[Server]
) -> None:
    """Tools a framework's module-level decorator registers on its own global server
    (`from chuk_mcp_server import tool`: `@tool`, served by `chuk_mcp_server.run()`): that
    server, named by the call that gives it (`get_mcp_server()`), placed at the first
    such decorator of the module."""
    found: Server | None = None
    for tool in tools:
        node = tool.handler.node if tool.handler is not None else None
        if tool.server is not None or not isinstance(node, cst.FunctionDef):
            continue
        for decorator in node.decorators:
            expression = decorator.decorator
            called = expression.func if isinstance(expression, cst.Call) else expression
            written = dotted_name(called) or ""
            head, _, rest = written.partition(".")
            imported = index.imports.get(head)
            if imported is None or imported.level:
                continue
            origin = ".".join(p for p in (imported.module, imported.name, rest) if p)
            entry = GLOBAL_SINKS.get(origin)
            if entry is None:
                continue
            framework_id, accessor = entry
            if found is None:
                found = Server(  # chuk-mcp-server's label is its id
                    accessor, framework_id, expression, True, None,
                    cast(FrameworkId, framework_id), {}, module_level=True,
                )  # fmt: skip
                found.enforced_by = _enforcement_of(accessor.rstrip("()"), index, config)
                servers.append(found)
            tool.server = found.name
            break


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
    if origin.startswith("chuk_mcp_server"):
        return "chuk-mcp-server", True, "chuk-mcp-server"
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


def _built_at(node: cst.CSTNode, module: ModuleIndex) -> tuple[str, int] | None:
    """Where a server of another module is constructed: its file and line."""
    if not isinstance(node, cst.Call) or module.path is None:
        return None
    found = positions(module.module, [node], None, module.statement_of).get(id(node))
    return (str(module.path.resolve()), found[0]) if found else None
