"""What really happens to an unknown key sent to a tool, and who does it.

The framework acts before the handler: the SDK's FastMCP (1.x) and MCPServer (2.x) drop
unknown keys for every tool; standalone fastmcp 2.x-4.x rejects them with pydantic's
"Unexpected keyword argument" before the tool runs (3.x with strict_input_validation=True
through its closed schema, before any middleware); the SDK 1.x low-level Server (from
1.10, through `@server.call_tool()`) validates against inputSchema, so
`additionalProperties: false` rejects them; its 2.x Server hands them over;
chuk-mcp-server passes a tool's function only the parameters it declares. Only then
does the handler decide. Each fact here is checked by running the framework on the
versions named (tests/e2e). Rules judge from the result, never from the shape alone.

`behaviour()` is a pure function of what discovery found; `assign_behaviours` gathers
those facts for every tool of a module (framework, pinned version, server options).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, Sequence

import libcst as cst

from toolargs.config import Mode
from toolargs.discovery.arg_models import forbids_extra_arguments
from toolargs.discovery.literals import dotted_name
from toolargs.model import Event, ModuleModel, Server, Step, Tool
from toolargs.pins import Pin, pin_for
from toolargs.remedy import Applied, applied_to

__all__ = ["Behaviour", "Facts", "assign_behaviours", "behaviour"]

UnknownKeys = Literal["reported", "rejected", "dropped", "unknown"]
HandledBy = Literal["handler", "toolargs", "schema", "framework"]

PACKAGE = {
    "mcp-lowlevel": "mcp",
    "mcp-fastmcp": "mcp",
    "mcp-mcpserver": "mcp",
    "fastmcp": "fastmcp",
    "chuk-mcp-server": "chuk-mcp-server",
}
LOWLEVEL_VALIDATES_FROM = "1.10"  # the SDK's low-level call_tool(validate_input=True)
MIDDLEWARE = "PolicyMiddleware"


@dataclass(frozen=True)
class Behaviour:
    """What happens to an unknown top-level key of a call to one tool."""

    unknown_keys: UnknownKeys
    handled_by: HandledBy
    what: str  # what happens, in words for messages: "SDK FastMCP drops them before ..."

    @property
    def label(self) -> str:
        """`dropped (handler)`, as the audit shows it."""
        return f"{self.unknown_keys} ({self.handled_by})"

    @property
    def before_handler(self) -> bool:
        """Decided before the handler runs, by the schema or the framework."""
        return self.handled_by in ("schema", "framework")


SDK_SERVERS = ("mcp-fastmcp", "mcp-mcpserver")  # the SDK's FastMCP (1.x), MCPServer (2.x)


@dataclass(frozen=True)
class Facts:
    """What the model needs to know about one tool, as discovery and the pins tell it."""

    mode: Mode
    framework: str | None = None  # a FrameworkId, or None: no framework server known
    major: int | None = None  # the framework's major, from the pins or the code
    validating: bool = True  # SDK 1.x low-level: call_tool(validate_input=...) and >=1.10
    strict_input_validation: bool = False  # fastmcp's constructor option
    schema_closed: bool | None = None  # additionalProperties: false
    handler_events: Sequence[Event] | None = None  # None: the handler is not resolved
    keyword_style: bool = False  # the handler takes keyword parameters, not a dict
    shape: str = ""  # how the tool is registered (model.Shape)
    enforcement: str | None = None  # enforce_policy, the middleware, or a ToolPolicy
    # SDK FastMCP/MCPServer: the project makes the tools' argument models forbid extras
    arguments_forbidden: bool = False
    # Low-level Server: enforce_policy(server) wraps the call handler ahead of the SDK's
    # own input validation (a ToolPolicy in the dispatcher runs after it).
    enforced_at_server: bool = False
    # enforce_policy(server, ...): the mode it gives the tool at run time, from the tool's
    # name, its annotations and the call's options (None: not read, or not decided), and
    # what the checker cannot read of those options that decides it.
    runtime_mode: Mode | None = None
    runtime_unread: str = ""
    # SDK MCPServer: a hook the server runs around every call (an Extension's
    # intercept_tool_call) that rejects unknown keys before the tool runs.
    intercepted_by: str = ""
    # The handler's one parameter is the argument model its schema comes from
    # (`list_indices(args: ListIndicesArgs)`): whoever calls it builds that model from the
    # call's arguments, and the model's configuration decides (`schema_closed`).
    model_argument: str = ""


def behaviour(facts: Facts) -> Behaviour:
    """The model: framework first, then central enforcement, then the handler."""
    framework, major = facts.framework, facts.major
    if framework == "fastmcp" and major is not None and major < 2:
        return Behaviour(
            "dropped",
            "framework",
            f"fastmcp {major}.x drops them silently (its argument model ignores extra keys, "
            "like the SDK's FastMCP it became)",
        )
    if framework == "fastmcp" and facts.shape == "class" and not facts.keyword_style:
        # A project subclass of fastmcp's Tool: fastmcp hands its `run` the call's whole
        # argument dict, unchecked (the check is FunctionTool's): the handler decides.
        if facts.enforcement:
            return _enforced(facts)
        return _handler(facts)
    if framework == "fastmcp":
        if facts.strict_input_validation and major == 3:
            return Behaviour(
                "rejected",
                "schema",
                "fastmcp 3.x with strict_input_validation=True rejects them against its "
                "closed input schema before any middleware runs",
            )
        if facts.enforcement:
            return _enforced(facts)
        version = f" {major}.x" if major else ""
        return Behaviour(
            "rejected",
            "framework",
            f"fastmcp{version} rejects them with 'Unexpected keyword argument' before the "
            "tool runs",
        )
    if framework in SDK_SERVERS:
        if facts.enforcement:
            return _enforced(facts)
        name = "MCPServer" if framework == "mcp-mcpserver" else "FastMCP"
        if facts.intercepted_by:
            return Behaviour(
                "rejected",
                "handler",
                f"{facts.intercepted_by}, run by the SDK's {name} around every call, "
                "rejects them before the tool runs",
            )
        if facts.arguments_forbidden:
            return Behaviour(
                "rejected",
                "schema",
                f"the project makes the SDK {name}'s argument models (fn_metadata.arg_model) "
                "forbid extra keys, so pydantic rejects them before the tool runs",
            )
        return Behaviour(
            "dropped", "framework", f"the SDK's {name} drops them before the tool runs"
        )
    if framework == "chuk-mcp-server":
        if facts.enforcement:
            return _enforced(facts)
        return Behaviour(
            "dropped",
            "framework",
            "chuk-mcp-server drops them before the tool runs: it passes a tool's function "
            "only the parameters it declares",
        )
    if framework == "mcp-lowlevel" and facts.enforced_at_server and facts.enforcement:
        return _enforced(facts)
    if (
        framework == "mcp-lowlevel"
        and major == 1
        and facts.validating
        and facts.schema_closed is True
    ):
        return Behaviour(
            "rejected",
            "schema",
            "the SDK 1.x low-level Server validates them against the input schema, "
            "closed by additionalProperties: false, before the handler runs",
        )
    if facts.enforcement:
        return _enforced(facts)
    return _handler(facts)


def _enforced(facts: Facts) -> Behaviour:
    """The enforcement decides, by the mode IT gives the tool: enforce_policy reads only
    the tool's name, its annotations and the call's options, not what the handler does."""
    if facts.runtime_unread:
        return Behaviour(
            "unknown",
            "toolargs",
            f"{facts.enforcement} decides its mode at run time from {facts.runtime_unread}, "
            "which the checker cannot read",
        )
    mode = facts.runtime_mode or facts.mode
    if mode != facts.mode:
        taken = "read-only" if mode == "read-only" else "a mutation"
        verb = "reports" if mode == "read-only" else "rejects"
        return Behaviour(
            "reported" if mode == "read-only" else "rejected",
            "toolargs",
            f"{facts.enforcement} takes it for {taken} at run time (its name, annotations "
            f"and the call's options say so) and {verb} them",
        )
    if mode == "mutation":
        return Behaviour("rejected", "toolargs", f"{facts.enforcement} rejects them")
    return Behaviour("reported", "toolargs", f"{facts.enforcement} reports them")


def _handler(facts: Facts) -> Behaviour:
    events = facts.handler_events
    if events is None:
        return Behaviour("unknown", "handler", "the checker cannot follow the handler")
    steps = {event.step for event in events}
    if Step.REJECT in steps:
        return Behaviour("rejected", "handler", "the handler rejects them")
    if Step.COLLECT in steps:
        attached = steps & {Step.ATTACH, Step.ATTACH_ALWAYS, Step.ATTACH_GUARDED}
        if attached:
            return Behaviour("reported", "handler", "the handler reports them")
        return Behaviour(
            "dropped", "handler", "the handler collects them but never returns them"
        )
    if facts.keyword_style:
        if facts.model_argument:
            if facts.schema_closed:
                return Behaviour(
                    "rejected", "handler",
                    f"the handler takes the argument model {facts.model_argument}, which "
                    "forbids extra keys",
                )  # fmt: skip
            return Behaviour(
                "dropped", "handler",
                f"the handler takes the argument model {facts.model_argument}, which "
                "ignores the keys it does not define",
            )  # fmt: skip
        if facts.shape in ("registry", "dispatcher") or facts.framework == "mcp-lowlevel":
            # The project's own dispatcher calls it (a low-level server turns no arguments
            # into keywords: its call handler does): Python refuses an unexpected keyword.
            return Behaviour(
                "rejected", "handler", "the handler's signature refuses unexpected keywords"
            )
        # Registered through code the checker does not know: whoever turns the call's
        # arguments into keywords decides (SDK FastMCP and Google ADK drop, fastmcp rejects).
        return Behaviour(
            "unknown",
            "framework",
            "no framework server the checker knows registers it, so the code that calls "
            "it decides",
        )
    return Behaviour(
        "dropped", "handler", "the handler reads the keys it knows and ignores the rest"
    )


# --- gathering the facts of a module --------------------------------------------------


def assign_behaviours(model: ModuleModel) -> None:
    """Set `behaviour` and `framework_version` on every tool of `model`, after marking
    fastmcp servers that carry the policy middleware as enforced."""
    _middleware_enforcement(model)
    _link_lowlevel_dispatchers(model)
    disabled = _validation_disabled(model)
    forbidden = any(
        tool.server_model is not None and tool.server_model.framework_id in SDK_SERVERS
        for tool in model.tools
    ) and model.project is not None and forbids_extra_arguments(model.project, model.path)
    applied: dict[int, Applied | None] = {}
    for tool in model.tools:
        facts = facts_of(tool, model.path, disabled, forbidden)
        server = tool.server_model
        if server is not None and facts.enforcement and facts.enforcement == server.enforced_by:
            if id(server) not in applied:
                applied[id(server)] = applied_to(server, model)
            options = applied[id(server)]
            if options is not None:
                mode, unread = options.mode(tool)
                facts = replace(facts, runtime_mode=mode, runtime_unread=unread)
        tool.behaviour = behaviour(facts)
        tool.framework_version = version_text(tool.server_model, model.path)


def server_of(tool: Tool) -> Server | None:
    return tool.server_model


def pin_of(server: Server | None, path: str) -> Pin | None:
    """The pinned version of the framework `server` belongs to."""
    if server is None or not path:
        return None
    return pin_for(path, PACKAGE.get(server.framework_id, "mcp"))


def major_of(server: Server | None, path: str) -> int | None:
    """The framework's major: the code's own API first, then the pins."""
    if server is None:
        return None
    if server.framework_id == "mcp-lowlevel":
        # `Server(on_call_tool=...)` is the 2.x API; 2.x has no `@server.call_tool()`.
        return 2 if "on_call_tool" in server.keywords else 1
    if server.framework_id == "mcp-mcpserver":
        return 2
    if server.framework_id == "mcp-fastmcp":
        return 1
    pin = pin_of(server, path)
    return pin.major if pin is not None else None


def version_text(server: Server | None, path: str) -> str:
    """The version the model assumed, and why: `mcp 1.x, from pyproject.toml: mcp>=1.27`."""
    pin = pin_of(server, path)
    if pin is None or server is None:
        return ""
    text = pin.text()
    major = major_of(server, path)
    if major is not None and major != pin.major:
        text += f" (the code uses the {major}.x API)"
    return text


def facts_of(
    tool: Tool,
    path: str,
    validation_disabled: frozenset[str] = frozenset(),
    arguments_forbidden: bool = False,
) -> Facts:
    server = server_of(tool)
    handler = tool.handler
    framework = server.framework_id if server is not None else None
    major = major_of(server, path)
    validating = True
    if framework == "mcp-lowlevel" and server is not None:
        pin = pin_of(server, path)
        # `@server.call_tool(validate_input=False)` here, or on the dispatcher of another
        # module serving this tool (discovery records its keywords on the server).
        validating = (
            server.name not in validation_disabled
            and server.flag("validate_input") is not False
            and (pin is None or pin.may_be_at_least(LOWLEVEL_VALIDATES_FROM))
        )
    return Facts(
        mode=tool.mode,
        framework=framework,
        major=major,
        validating=validating,
        strict_input_validation=bool(
            server is not None and server.flag("strict_input_validation")
        ),
        schema_closed=tool.schema.closed,
        handler_events=handler.events if handler is not None else None,
        keyword_style=handler is not None and handler.keyword_style,
        shape=tool.shape,
        enforcement=tool.enforcement,
        arguments_forbidden=arguments_forbidden and framework in SDK_SERVERS,
        intercepted_by=(tool.rejected_by or "") if framework in SDK_SERVERS else "",
        model_argument=_model_argument(tool),
        enforced_at_server=bool(
            server is not None
            and server.enforced_by
            and server.enforced_by.startswith("enforce_policy(")
            and tool.enforcement == server.enforced_by
        ),
    )


def _model_argument(tool: Tool) -> str:
    """The argument model a keyword-style handler takes as its one parameter, when the
    tool's schema is that model's (`def list_indices(args: ListIndicesArgs)`, listed with
    `ListIndicesArgs.model_json_schema()`); "" otherwise."""
    handler = tool.handler
    source = tool.schema.source
    if handler is None or not handler.keyword_style or not source.startswith("model "):
        return ""
    node = handler.node
    if not isinstance(node, cst.FunctionDef) or len(handler.params) != 1:
        return ""
    param = next(
        (p for p in (*node.params.params, *node.params.kwonly_params)
         if p.name.value == handler.params[0]),
        None,
    )  # fmt: skip
    annotation = param.annotation.annotation if param and param.annotation else None
    name = source.removeprefix("model ")
    written = dotted_name(annotation) if annotation is not None else None
    return name if written is not None and written.rsplit(".", 1)[-1] == name else ""


def _link_lowlevel_dispatchers(model: ModuleModel) -> None:
    """A 2.x low-level `Server(..., on_call_tool=call_tool)` serves the tools of the
    dispatcher `call_tool` of the same module: link them, with its enforcement."""
    lowlevel = {
        s.keywords.get("on_call_tool", ""): s
        for s in model.servers
        if s.framework_id == "mcp-lowlevel" and not s.served_from
    }
    lowlevel.pop("", None)
    if not lowlevel:
        return
    for tool in model.tools:
        function = tool.handler.function if tool.handler is not None else None
        if tool.server is not None or tool.shape != "dispatcher" or function is None:
            continue
        if function.index is not None and function.index.module is not model.module:
            continue
        server = lowlevel.get(function.name)
        if server is None:
            continue
        tool.server, tool.server_model = server.name, server
        if server.enforced_by and tool.enforcement is None:
            tool.enforcement = server.enforced_by


def _validation_disabled(model: ModuleModel) -> frozenset[str]:
    """Low-level servers whose `@server.call_tool(validate_input=False)` skips the schema."""
    if not any(s.framework_id == "mcp-lowlevel" for s in model.servers):
        return frozenset()
    found = set()
    for target, call in _method_calls(model, "call_tool"):
        if isinstance(target, cst.Name) and any(
            arg.keyword is not None
            and arg.keyword.value == "validate_input"
            and isinstance(arg.value, cst.Name)
            and arg.value.value == "False"
            for arg in call.args
        ):
            found.add(target.value)
    return frozenset(found)


def _middleware_enforcement(model: ModuleModel) -> None:
    """A fastmcp server built with `middleware=[PolicyMiddleware()]` or given one through
    `server.add_middleware(PolicyMiddleware())` follows the policy like enforce_policy."""
    fastmcp_servers = [s for s in model.servers if s.framework_id == "fastmcp"]
    if not fastmcp_servers:
        return
    enforced = {
        s.name
        for s in fastmcp_servers
        if s.enforced_by is None and MIDDLEWARE in s.keywords.get("middleware", "")
    }
    for target, call in _method_calls(model, "add_middleware"):
        argument = call.args[0].value if call.args else None
        if isinstance(target, cst.Name) and _names_middleware(argument):
            enforced.add(target.value)
    for server in fastmcp_servers:
        if server.name in enforced and server.enforced_by is None:
            server.enforced_by = f"{MIDDLEWARE} on {server.name}"
    for tool in model.tools:
        linked = tool.server_model
        if linked is not None and linked.enforced_by and tool.enforcement is None:
            tool.enforcement = linked.enforced_by


def _method_calls(model: ModuleModel, method: str) -> list[tuple[cst.BaseExpression, cst.Call]]:
    """The module's calls `x.<method>(...)` as (x, call), from those its index walk
    collected."""
    return [
        (call.func.value, call)
        for call in model.server_calls
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == method
    ]


def _names_middleware(expr: cst.BaseExpression | None) -> bool:
    if isinstance(expr, cst.Call):
        expr = expr.func
    if isinstance(expr, cst.Attribute):
        return expr.attr.value == MIDDLEWARE
    return isinstance(expr, cst.Name) and expr.value == MIDDLEWARE
