"""The model of one module: the tools it defines, as discovery found them.

Discovery fills it from one parse; rules judge it and never walk the tree again.
Nodes are kept so that findings and fixes can point back at the source; front ends
receive the plain, picklable `FileReport` instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Literal

import libcst as cst

from toolargs.config import Mode
from toolargs.mode import Annotations, Effects

if TYPE_CHECKING:
    from toolargs.behaviour import Behaviour
    from toolargs.discovery.index import FunctionInfo
    from toolargs.discovery.project import ProjectIndex

Shape = Literal["decorator", "dispatcher", "registry", "class", "imperative"]


@dataclass
class Schema:
    """Top-level property names of a tool's input schema, and where they came from."""

    properties: tuple[str, ...] | None  # None: could not be resolved statically
    source: str  # e.g. "Tool(inputSchema=...)", "constant SEARCH_SCHEMA", "signature"
    node: cst.CSTNode | None = None
    why_unresolved: str = ""
    # `additionalProperties: false` -> True; a literal `true` -> False; None: not said
    closed: bool | None = None


@dataclass
class KnownArgs:
    """The `known` argument passed to collect/reject, resolved to its literal keys."""

    label: str  # the constant's name, or "the inline key list"
    keys: tuple[str, ...] | None  # None: not a literal
    kind: str  # "tuple", "list", "set", "frozenset", "schema", "unresolved"
    node: cst.CSTNode | None = None  # the literal, for fixes
    why_unresolved: str = ""

    @property
    def from_schema(self) -> bool:
        return self.kind == "schema"


class Step(Enum):
    """What a handler does with its arguments, in source order."""

    COLLECT = "collect"  # unknown = collect_unknown_args(args, KNOWN)
    ATTACH = "attach"  # with_unknown_args(payload, unknown)
    ATTACH_ALWAYS = "attach-always"  # payload["unknown_args"] = unknown, unconditionally
    ATTACH_GUARDED = "attach-guarded"  # if unknown: payload["unknown_args"] = unknown
    REJECT = "reject"  # reject_unknown_args(args, KNOWN), or an equivalent strict form
    LIMIT_HELPER = "limit-helper"  # optional_usize_with_aliases(args, canonical, aliases, d)
    LIMIT_READ = "limit-read"  # args.get("max_results") / args["max_results"]
    ALIAS_READ = "alias-read"  # args.get("limit")
    SIDE_EFFECT = "side-effect"  # a call not known to be pure, an await, a foreign store


@dataclass
class Event:
    step: Step
    node: cst.CSTNode
    key: str = ""  # the key read, the helper's canonical field, or a side effect's text
    aliases: tuple[str, ...] = ()  # for LIMIT_HELPER
    known: KnownArgs | None = None  # for COLLECT / REJECT
    result: str = ""  # the name a COLLECT result is bound to
    how: str = ""  # for REJECT: "helper", "loop", "model", "call"; for ATTACH: the name
    error_ok: bool = True  # for REJECT forms written by hand: MissingParam("unknown arg: ...")
    error_text: str = ""  # what was raised instead, when not error_ok


@dataclass
class Handler:
    """Where a tool's arguments are handled: a function, method, or dispatcher branch."""

    label: str  # "search", "SearchTool.apply", "call_tool branch 'search'"
    node: cst.CSTNode  # the function, or the branch body
    anchor: cst.CSTNode  # where findings about the handler point
    args_name: str | None  # None for keyword-style handlers
    params: tuple[str, ...] = ()  # keyword-style: the signature minus injected parameters
    events: list[Event] = field(default_factory=list)
    # The function whose body this is (for a dispatcher branch: the dispatcher), with the
    # module it lives in: where calls made by the handler are resolved from.
    function: FunctionInfo | None = None

    @property
    def keyword_style(self) -> bool:
        return self.args_name is None


@dataclass
class Tool:
    name: str
    shape: Shape
    anchor: cst.CSTNode  # where the tool is reported: its name or its handler's name
    handler: Handler | None
    schema: Schema
    mode: Mode = "read-only"
    mode_source: str = "default"
    conflict_pattern: str = ""  # mutation pattern matched by a read-only annotation
    read_only_hint: bool | None = None
    why_unresolved_handler: str = ""
    # The registration writes a name the recognisers could not read: they took the
    # handler function's own name (value flow may read the written one).
    name_unread: bool = False
    # The name is the one value flow saw listed: a mounted server's prefix is in it.
    name_as_listed: bool = False
    # The names the value-flow analysis saw it served under through mounts the
    # recognisers do not read (`add_provider(FastMCPProvider(sub), namespace=...)`).
    mounted_as: tuple[str, ...] = ()
    server: str | None = None  # the framework server object registering it
    enforcement: str | None = None  # what enforces the policy centrally, if anything
    # What rejects unknown keys for it before its handler runs: a framework, or a hook
    # its server runs around every call (`StrictArguments.intercept_tool_call`).
    rejected_by: str | None = None
    # What classified it, kept so that a later step can classify it again.
    annotations: Annotations | None = None
    markers: tuple[str, ...] = ()  # marker base classes and tags
    server_model: Server | None = None  # the server `server` names, once linked
    effects: Effects | None = None  # what its handler writes (toolargs.effects)
    # What happens to an unknown key (toolargs.behaviour), and the framework version
    # assumed for it ("mcp 1.x, from pyproject.toml: mcp>=1.27"); set before rules run.
    behaviour: Behaviour | None = None
    framework_version: str = ""

    @property
    def known_args(self) -> KnownArgs | None:
        if self.handler is None:
            return None
        for event in self.handler.events:
            if event.known is not None:
                return event.known
        return None


FrameworkId = Literal[
    "mcp-lowlevel", "mcp-fastmcp", "mcp-mcpserver", "fastmcp", "chuk-mcp-server"
]


@dataclass
class Server:
    """A framework server object (FastMCP, MCPServer, low-level Server, ChukMCPServer) of
    the module."""

    name: str
    framework: str  # for messages: "SDK FastMCP", "fastmcp", "SDK Server"
    node: cst.CSTNode
    drops_unknown: bool  # the SDK's FastMCP/MCPServer; standalone fastmcp rejects them
    enforced_by: str | None = None
    framework_id: FrameworkId = "mcp-fastmcp"
    # Constructor keywords as written (`strict_input_validation` -> "True"); the value of
    # a `**spread` or a computed expression is its source text.
    keywords: dict[str, str] = field(default_factory=dict)
    # The module that builds it, when the module judged neither builds nor imports it
    # (its tools are handed to it from there: discovery.serving).
    served_from: str = ""
    # Where it is built, when that is another module (file and 1-based line).
    built_at: tuple[str, int] | None = None
    # Where else it is built: a register function handed the servers of several factories
    # (`register_tools(http_mcp)`, `register_tools(stdio_mcp)`) registers on each.
    built_also: tuple[tuple[str, int], ...] = ()
    # The server it is mounted into (fastmcp's `parent.mount(child)`), outermost first
    # level: its name and the file that builds it. That server's policy covers this one's
    # tools, and the one line goes there.
    mounted_into: str = ""
    mounted_in: str = ""
    # The framework's own global server, which module-level decorators register on
    # (chuk-mcp-server's `@tool`): `name` is the call that gives it, `get_mcp_server()`.
    module_level: bool = False
    # Built by a factory function of the module under a local name (`def create_server():
    # root = FastMCP(...) ... return root`, then `mcp = create_server()`): the function and
    # that name. Whoever else calls the factory (`main()`) gets a server of its own, so the
    # policy is applied there, to the local name, before it is returned.
    factory: tuple[str, str] | None = None

    def flag(self, keyword: str) -> bool | None:
        """A boolean constructor keyword: True, False, or None when absent or computed."""
        return {"True": True, "False": False}.get(self.keywords.get(keyword, ""))


@dataclass
class ModuleModel:
    path: str
    module: cst.Module
    tools: list[Tool] = field(default_factory=list)
    servers: list[Server] = field(default_factory=list)
    # id of a node -> index of the module statement holding it (what positions need)
    statement_of: dict[int, int] = field(default_factory=dict)
    # The project index discovery queried: resolves calls across modules for later steps.
    project: ProjectIndex | None = None
    # `x.add_middleware(...)`, `x.call_tool(...)`, ... calls of the module in source order,
    # as the index walk collected them (discovery.index.SERVER_METHODS): no walk looks again.
    server_calls: list[cst.Call] = field(default_factory=list)

    def resolve_call(self, call: cst.Call, in_function: FunctionInfo) -> FunctionInfo | None:
        """The project function `call` (made in `in_function`) runs, or None."""
        return self.project.resolve_call(call, in_function) if self.project else None


@dataclass
class Finding:
    """A rule's verdict, before positions are resolved."""

    code: str
    message: str
    node: cst.CSTNode | None
    tool: str | None = None
    covers: tuple[str, ...] = ()  # tools a server-level finding concerns
    # For a server-level finding: the server's identity in the run (see Diagnostic.server)
    server: str = ""
    # A server-level finding the module that builds the server reports, over all its
    # tools (`path:line` of the construction): here it only marks this module's tools.
    reported_at: str = ""


# --- What front ends receive: plain, picklable, positioned. ---


@dataclass(frozen=True, order=True)
class Diagnostic:
    path: str
    line: int  # 1-based
    col: int  # 1-based
    code: str
    message: str
    tool: str | None = None
    # A finding whose evidence is in another module than the one checked is reported at
    # the evidence (`path` is that module); flake8 can only report in the checked file,
    # so this is where and what it reports there: the checked path, the tool's line and
    # column, and a message naming the evidence's path:line.
    at_tool: tuple[str, int, int, str] | None = field(default=None, compare=False)
    # A server-level finding (one remedy, at the server): the tools it covers, and the
    # server's identity in the run, so that front ends that see every file report it once.
    covers: tuple[str, ...] = field(default=(), compare=False)
    server: str = field(default="", compare=False)


@dataclass(frozen=True)
class Place:
    """Where a tool's server is built, or its handler defined: a path and a 1-based line."""

    path: str
    line: int


@dataclass(frozen=True)
class ToolReport:
    name: str
    mode: Mode
    mode_source: str
    shape: str
    path: str
    line: int
    col: int
    handler: str | None
    schema_source: str
    known_args: str  # "ok", "missing", "drift", "from schema", "unverifiable", "n/a"
    strict: bool  # mutation: rejects unknown keys in time; read-only: reports them
    findings: tuple[str, ...]
    unknown_keys: str = "unknown"  # reported | rejected | dropped | unknown
    handled_by: str = "handler"  # handler | toolargs | schema | framework
    framework: str = ""  # mcp-lowlevel | mcp-fastmcp | mcp-mcpserver | fastmcp | ""
    framework_version: str = ""  # "mcp 1.x, from pyproject.toml: mcp>=1.27"
    # Where its server is constructed and its handler's `def` is (None: not known).
    server_place: Place | None = None
    handler_place: Place | None = None
    # The framework server object registering it, as the code names it ("mcp"), and what
    # happens to an unknown key in words (Behaviour.what): the audit groups tools by both.
    server: str = ""
    unknown_keys_why: str = ""
    # Registered under a name computed at run time that the checker cannot read
    # (`mcp.tool(name=lambda_name)(handler)`): `name` is the function's own, which the
    # framework would not list.
    name_unread: bool = False

    @property
    def conforms(self) -> bool:
        return not self.findings


@dataclass(frozen=True)
class FileReport:
    path: str
    diagnostics: tuple[Diagnostic, ...] = ()
    tools: tuple[ToolReport, ...] = ()
    error: str | None = None  # unreadable or unparsable: one line naming the problem
