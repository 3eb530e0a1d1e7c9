"""The frameworks, as data: server classes, registration sinks, tool objects, mounts.

One row per fact; the engine reads these tables and knows no framework by itself. A
project class that subclasses a server class is that framework's server.
"""

from __future__ import annotations

from dataclasses import dataclass

# Qualified names under which each framework's server class is imported.
SERVER_CLASSES: dict[str, str] = {
    "mcp.server.fastmcp.FastMCP": "mcp-fastmcp",
    "mcp.server.fastmcp.server.FastMCP": "mcp-fastmcp",
    "mcp.server.mcpserver.MCPServer": "mcp-mcpserver",
    "mcp.server.mcpserver.server.MCPServer": "mcp-mcpserver",
    "mcp.server.FastMCP": "mcp-fastmcp",  # re-exported by `mcp.server` (1.x)
    "mcp.server.MCPServer": "mcp-mcpserver",  # re-exported by `mcp.server` (2.x)
    "mcp.server.lowlevel.Server": "mcp-lowlevel",
    "mcp.server.lowlevel.server.Server": "mcp-lowlevel",
    "mcp.server.Server": "mcp-lowlevel",
    "fastmcp.FastMCP": "fastmcp",
    "fastmcp.server.FastMCP": "fastmcp",
    "fastmcp.server.server.FastMCP": "fastmcp",
    "chuk_mcp_server.ChukMCPServer": "chuk-mcp-server",
    "chuk_mcp_server.core.ChukMCPServer": "chuk-mcp-server",
}

# Class methods of a server class that build one of its servers: `FastMCP.from_openapi(
# spec, client)` is a fastmcp server the project then registers its own tools on.
SERVER_CONSTRUCTORS = frozenset({"from_openapi", "from_fastapi", "as_proxy"})


@dataclass(frozen=True)
class Sink:
    """A server method that registers a tool, and where its arguments go.

    `function`: the position of the handler argument (None: only as a decorator);
    `name`: the keyword (and position, for fastmcp's `tool("name")`) of the tool's name;
    `decorates`: called without a function, it returns a decorator.
    """

    role: str  # "tool", "tool-object", "list-tools", "call-tool", "mount", "request"
    function: int | None = 0
    name_keyword: str = "name"
    name_position: int | None = None
    decorates: bool = True


SINKS: dict[str, dict[str, Sink]] = {
    framework: {
        "tool": Sink("tool", function=0, name_position=0 if framework == "fastmcp" else None),
        "add_tool": Sink("tool-object" if framework == "fastmcp" else "tool", decorates=False),
        "list_tools": Sink("list-tools", function=None),
        "call_tool": Sink("call-tool", function=None),
        "mount": Sink("mount", function=None, decorates=False),
        "import_server": Sink("mount", function=None, decorates=False),
    }
    for framework in ("mcp-fastmcp", "mcp-mcpserver", "mcp-lowlevel", "fastmcp")
}
# chuk-mcp-server: `@mcp.tool`, `@mcp.tool("name")`, `mcp.add_tool(ToolHandler)`,
# `mcp.register_function_as_tool(fn, name=...)`, `mcp.mount(server, prefix=...)`.
SINKS["chuk-mcp-server"] = {
    "tool": Sink("tool", function=0, name_position=0),
    "add_tool": Sink("tool-object", decorates=False),
    "register_function_as_tool": Sink("tool", function=0, decorates=False),
    "mount": Sink("mount", function=None, decorates=False),
    "import_server": Sink("mount", function=None, decorates=False),
}
# fastmcp 3+: `parent.add_provider(FastMCPProvider(child), namespace="x")` mounts `child`
# as `mount(child, namespace="x")` does.
SINKS["fastmcp"]["add_provider"] = Sink("mount", function=None, decorates=False)
# Server methods that return the server they are called on, as far as its tools go:
# fastmcp 3+ `provider.wrap_transform(ServerTitle(...))` wraps it in a transform that may
# retitle the tools but keeps their names and arguments.
SELF_METHODS: dict[str, frozenset[str]] = {"fastmcp": frozenset({"wrap_transform"})}
# Attributes of a server that register on it as the server does: fastmcp 3+'s
# `mcp.local_provider.add_tool(fn)` is `mcp.add_tool(fn)`.
SELF_ATTRIBUTES: dict[str, frozenset[str]] = {"fastmcp": frozenset({"local_provider"})}
# Library transforms that replace a server's whole catalogue with tools of their own:
# fastmcp's CodeMode lists only its discovery tools and `execute`, from which the
# registered tools are called (`call_tool(name, params)` in its sandbox); none of them is
# in `tools/list`. Class -> the names it lists by default. A server is given one in its
# constructor's `transforms=[...]` or through `add_transform(...)`.
CATALOG_TRANSFORMS: dict[str, tuple[str, ...]] = {
    "fastmcp.experimental.transforms.code_mode.CodeMode": ("search", "get_schema", "execute"),
    "fastmcp.experimental.transforms.CodeMode": ("search", "get_schema", "execute"),
}
# fastmcp 3+'s search transforms (`BM25SearchTransform`, `RegexSearchTransform`) are no
# such transform: their search tool answers with the registered tools' own definitions
# (name, input schema), and their call tool calls the one named with the arguments the
# client gives it, so each registered tool is still a tool taking arguments of its own.
TRANSFORM_KEYWORDS: dict[str, str] = {"fastmcp": "transforms"}
SINKS["fastmcp"]["add_transform"] = Sink("transform", function=0, decorates=False)
# SDK 2.x low-level: `server.add_request_handler("tools/call", CallToolRequestParams, fn)`
# registers `fn` for the request its first argument names.
SINKS["mcp-lowlevel"]["add_request_handler"] = Sink("request", function=2, decorates=False)
REQUEST_ROLES = {"tools/list": "list-tools", "tools/call": "call-tool"}

# A server written by hand: no library class, but code that answers the protocol's
# requests itself, told by the request methods it tests (`if method == "tools/list":`,
# `case "tools/call":`) or keeps handlers for (`{"tools/list": list_tools, ...}`,
# `register("tools/call", handle_call)`). Its tools are what its answer to `tools/list`
# holds; each is handled by what its answer to `tools/call` runs for that name, as a
# low-level server's call handler is read.
HAND_WRITTEN = "<a hand-written JSON-RPC server>"
JSON_RPC = "json-rpc"  # the framework its tools are read as
# The protocol's own request and notification methods (`initialize`, `tools/call`,
# `notifications/initialized`, ...): never a tool's name. While a hand-written server is
# read answering one of them, a test of the request's method against another is false;
# a table keyed by them is a server's method table, never a table of tools.
PROTOCOL_METHODS = frozenset(
    {"initialize", "initialized", "ping", "shutdown", "exit", "server/discover"}
)
PROTOCOL_PREFIXES = (
    "tools/", "resources/", "prompts/", "notifications/", "completion/", "logging/",
    "sampling/", "roots/", "elicitation/",
)


def is_protocol_method(text: str) -> bool:
    """`tools/list`, `initialize`: a method of the protocol, not a tool's name."""
    return text in PROTOCOL_METHODS or text.startswith(PROTOCOL_PREFIXES)


# Where a hand-written server's request (`json.loads(line)`) is parsed from its input.
REQUEST_PARSERS = frozenset({"json.loads", "orjson.loads", "ujson.loads"})

# Constructor keywords holding handlers, per framework: keyword -> role. SDK 2.x
# low-level `Server(name, on_list_tools=..., on_call_tool=...)`.
CONSTRUCTOR_HANDLERS: dict[str, dict[str, str]] = {
    "mcp-lowlevel": {"on_list_tools": "list-tools", "on_call_tool": "call-tool"},
}

# Constructor keywords holding objects a server runs around every tool call, per
# framework: keyword -> the method that runs (SDK 2.x `MCPServer(extensions=[...])`: an
# Extension's `intercept_tool_call(params, ctx, call_next)`, before the tool and before
# the SDK's argument model drops unknown keys).
INTERCEPTORS: dict[str, dict[str, str]] = {
    "mcp-mcpserver": {"extensions": "intercept_tool_call"},
}

# Methods of a server class through which every tool call passes, per framework, and the
# position of the call's arguments after `self`: a project subclass overriding one
# (`call_tool(self, name, arguments, context)`) may turn unknown keys into an error
# before it hands the call on to `super()`.
CALL_OVERRIDES: dict[str, dict[str, int]] = {
    "mcp-fastmcp": {"call_tool": 1},
    "mcp-mcpserver": {"call_tool": 1},
    "fastmcp": {"call_tool": 1, "_call_tool": 1, "_mcp_call_tool": 1},
}

# Methods of a server class that answer `tools/list` and `tools/call` for every tool, per
# framework: a project subclass overriding them (`async def list_tools(self) -> list[Tool]:
# return self.toolset.definitions()`) lists and dispatches its tools itself, as a
# low-level server's handlers do.
LISTING_OVERRIDES: dict[str, dict[str, str]] = {
    "mcp-fastmcp": {"list_tools": "list-tools", "call_tool": "call-tool"},
    "mcp-mcpserver": {"list_tools": "list-tools", "call_tool": "call-tool"},
}

# Library classes whose instances carry a tool's facts in their fields (keyword -> field).
TOOL_OBJECTS: dict[str, str] = {
    "mcp.types.Tool": "definition",
    "mcp.Tool": "definition",
    "mcp_types.Tool": "definition",  # 2.x: `mcp.types` mirrors the mcp_types package
    "fastmcp.tools.Tool": "tool",
    "fastmcp.tools.FunctionTool": "tool",
    "fastmcp.tools.tool.Tool": "tool",
    "fastmcp.tools.tool.FunctionTool": "tool",
    "fastmcp.tools.function_tool.FunctionTool": "tool",
    "mcp.server.fastmcp.tools.Tool": "tool",
    "mcp.server.fastmcp.tools.base.Tool": "tool",
    "chuk_mcp_server.types.ToolHandler": "tool",
    "chuk_mcp_server.types.tools.ToolHandler": "tool",
    "chuk_mcp_server.ToolHandler": "tool",
}

# Library calls that build a tool object from a function: (qualname suffix, fn position).
TOOL_FACTORIES = (
    "Tool.from_function", "FunctionTool.from_function", "ToolHandler.from_function"
)

# Module-level decorators that register a function on the framework's own global server,
# per framework: qualified name -> (framework, the call that gives that server).
# chuk-mcp-server: `from chuk_mcp_server import tool, run`; `@tool` registers on the one
# server `run()` starts, which `get_mcp_server()` returns.
GLOBAL_SINKS: dict[str, tuple[str, str]] = {
    "chuk_mcp_server.tool": ("chuk-mcp-server", "get_mcp_server()"),
    "chuk_mcp_server.decorators.tool": ("chuk-mcp-server", "get_mcp_server()"),
}

# fastmcp 3+ providers that serve every tool object (`@tool` from `fastmcp.tools`) defined
# at the top level of the modules under a folder, each module imported on its own:
# `FastMCP(providers=[FileSystemProvider(Path(__file__).parent / "tools")])`. The folder
# is its first argument (or `root=`); a server is given one in its constructor's
# `providers=[...]` or through `add_provider(...)`.
FILESYSTEM_PROVIDERS = frozenset(
    {
        "fastmcp.server.providers.FileSystemProvider",
        "fastmcp.server.providers.filesystem.FileSystemProvider",
    }
)
# Standalone decorators that turn a function into a tool object (fastmcp 3+ `@tool`).
TOOL_DECORATORS = ("fastmcp.tools.tool", "fastmcp.tool", "fastmcp.tools.tool.tool")


@dataclass(frozen=True)
class Collector:
    """A library base class whose instances register their marked methods when asked:
    fastmcp's `MCPMixin`, whose `register_tools(server, prefix=None, separator="_")`
    adds every method marked `@mcp_tool(name=..., enabled=...)`, named
    `f"{prefix}{separator}{name}"` when a prefix is given.

    `methods`: registering method -> the keyword of its separator (positions: the server
    0, the prefix 1, the separator 2)."""

    markers: frozenset[str]
    methods: dict[str, str]
    separator: str = "_"


_MIXIN = Collector(
    markers=frozenset(
        {"fastmcp.contrib.mcp_mixin.mcp_tool", "fastmcp.contrib.mcp_mixin.mcp_mixin.mcp_tool"}
    ),
    methods={"register_tools": "separator", "register_all": "tool_separator"},
)
COLLECTORS: dict[str, Collector] = {
    "fastmcp.contrib.mcp_mixin.MCPMixin": _MIXIN,
    "fastmcp.contrib.mcp_mixin.mcp_mixin.MCPMixin": _MIXIN,
}
COLLECTOR_MARKERS = frozenset(m for c in COLLECTORS.values() for m in c.markers)
COLLECTOR_METHODS = frozenset(m for c in COLLECTORS.values() for m in c.methods)

# Constructor keywords holding handlers or tools: keyword -> role.
CONSTRUCTOR_TOOLS = {"tools": "tool-list"}
# Constructor keywords holding a function every framework calls with the server itself
# when it starts (`FastMCP(lifespan=lifespan)`, `lifespan(server)`): what it registers on
# its parameter is registered on the server.
SERVER_CALLBACKS = frozenset({"lifespan"})

# Library calls that keep what flows through them (the result holds the argument).
IDENTITY_CALLS = {
    "functools.cache": 0,  # a cached function is the function
    # a static or class method is its function, looked up on its class or an instance
    # (`Tools.definitions()`); the engine binds a class method to its class
    "staticmethod": 0,
    "classmethod": 0,
    "functools.lru_cache": 0,  # `@lru_cache` written bare
    "functools.update_wrapper": 1,
    "typing.cast": 1,
    "copy.copy": 0,
    "copy.deepcopy": 0,
    # a context manager's function runs its body when entered: `@asynccontextmanager`
    # on a server's lifespan
    "contextlib.contextmanager": 0,
    "contextlib.asynccontextmanager": 0,
    # fastmcp 3+: the provider of a server's components stands for the server it wraps
    "fastmcp.server.providers.FastMCPProvider": 0,
    "fastmcp.server.providers.fastmcp_provider.FastMCPProvider": 0,
    # `mcp = enforce_policy(FastMCP("notes"))`: the policy returns the server it enforces
    "toolargs.runtime.enforce_policy": 0,
    "toolargs.runtime.enforce.enforce_policy": 0,
}
# Library calls that run a function given them, with the arguments after it, and give
# what it returns: the position of the function.
RUN_LATER = {
    "asyncio.to_thread": 0,
    "anyio.to_thread.run_sync": 0,
    "starlette.concurrency.run_in_threadpool": 0,
}
# Library calls that return a decorator whose result stands for their first argument:
# `wraps(f)(g)` is f as far as a framework reads it (its name, its signature).
WRAPPING_DECORATORS = frozenset({"functools.wraps"})
ELEMENT_CALLS = {"list", "tuple", "set", "frozenset", "sorted", "reversed", "filter", "iter"}
# Decorators making a method a property: reading the attribute on an instance runs it.
PROPERTIES = frozenset({"property", "functools.cached_property"})

# The packages frameworks are imported from.
PACKAGES = frozenset({"mcp", "fastmcp", "chuk_mcp_server"})
# Folders a project keeps copies of other packages in (`ha_mcp/_vendor/fastmcp/`): a copy
# of a framework there is that framework, imported under a longer name; it is library
# code, not the project's (discovery and the analysis read it as the framework).
VENDOR_FOLDERS = frozenset(
    {"_vendor", "vendor", "_vendored", "vendored", "third_party", "_third_party", "extern",
     "_extern", "externals"}
)  # fmt: skip


def unvendored(dotted: str) -> str | None:
    """`ha_mcp._vendor.fastmcp.tools` -> `fastmcp.tools`: the name a vendored copy of a
    framework stands for; None for any other module."""
    parts = dotted.split(".")
    for index, part in enumerate(parts[:-1]):
        if part in VENDOR_FOLDERS and parts[index + 1] in PACKAGES:
            return ".".join(parts[index + 1 :])
    return None


# What makes a function worth evaluating on its own (a root frame): a sink's method
# (`.tool`, `.add_tool`: as an attribute only, a variable named `tool` is no sink), a
# server or tool class (`FastMCP`, `types.Tool`), a tool factory (`.from_function`).
SINK_METHODS = frozenset(
    {name for sinks in SINKS.values() for name in sinks}
    | COLLECTOR_METHODS
)
# Sinks called with the function they register, not as decorators (`add_tool(fn)`,
# chuk-mcp-server's `register_function_as_tool(fn, name=...)`).
FUNCTION_SINKS = frozenset(
    method
    for sinks in SINKS.values()
    for method, sink in sinks.items()
    if sink.role == "tool" and not sink.decorates
)
CLASS_NAMES = frozenset(
    qualname.rsplit(".", 1)[-1] for qualname in (*SERVER_CLASSES, *TOOL_OBJECTS, *COLLECTORS)
)
RELEVANT_NAMES = (
    SINK_METHODS | CLASS_NAMES
    | {q.rsplit(".", 1)[-1] for q in (*TOOL_DECORATORS, *COLLECTOR_MARKERS)}
)  # what an import from a framework may bind that matters
RELEVANT_TOKENS = frozenset(
    {"." + name for name in SINK_METHODS | CLASS_NAMES | {"from_function"}} | CLASS_NAMES
)

# Text that makes a module worth evaluating before anything imports it: it may build a
# server, register a tool or describe one. Other modules are read when imported.
SEED_MARKERS = ("mcp", "MCP", "tool", "Tool")


def seeds(text: str) -> bool:
    return any(marker in text for marker in SEED_MARKERS)


# Library classes whose instances hold a tool's annotations in their fields, and the
# results a low-level `list_tools` handler returns (`ListToolsResult(tools=[...])`).
ANNOTATION_OBJECTS = frozenset(
    {"mcp.types.ToolAnnotations", "mcp_types.ToolAnnotations", "mcp.ToolAnnotations"}
)
RESULT_OBJECTS = frozenset(
    {"mcp.types.ListToolsResult", "mcp_types.ListToolsResult", "mcp.ListToolsResult"}
)
READ_ONLY_KEYS = ("readOnlyHint", "read_only_hint")
DESTRUCTIVE_KEYS = ("destructiveHint", "destructive_hint")
