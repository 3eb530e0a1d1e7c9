"""TAV5xx: what a server framework does with unknown keys before any handler sees them."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from toolargs.behaviour import major_of, pin_of
from toolargs.discovery.literals import dotted_name
from toolargs.model import Finding, Server, Step, Tool
from toolargs.rules.base import Context, checked_dict_handler, events

ENFORCE = "toolargs.runtime.enforce_policy"
# fastmcp.server.middleware, which toolargs.fastmcp needs: absent from fastmcp 2.7.0,
# present from 2.9.0 (both installed and imported by hand).
MIDDLEWARE_FROM = "2.9"


def framework_drops_unknown_args(context: Context) -> Iterator[Finding]:
    """TAV501: an SDK FastMCP/MCPServer with tools and no enforce_policy."""
    for server in context.model.servers:
        old = _before_middleware(server, context.model.path)
        if not (server.drops_unknown or old) or context.enforced(server):
            continue
        # Its tools whose keys it really drops (not those a project-tightened argument
        # model rejects: the behaviour model decides).
        covered = tuple(
            t.name
            for t in context.served(server)
            if t.behaviour is None or t.behaviour.unknown_keys == "dropped"
        )
        if not covered:
            continue
        finding = context.server_finding("TAV501", server, covered)
        if old:  # the remedy needs the middleware API first
            pin = pin_of(server, context.model.path)
            which = f"its pin, {pin.text()}," if pin is not None else "its fastmcp"
            finding.message = finding.message.replace(
                "without a word: apply",
                f"without a word: allow a newer fastmcp ({which} has no middleware API, "
                "which enforce_policy needs: fastmcp.server.middleware, from fastmcp "
                f"{MIDDLEWARE_FROM}{_constructor_changes(server)}), then apply",
                1,
            )
        yield finding


# What fastmcp 2.9 and later take in the `FastMCP(...)` constructor (the keywords of 3.x
# and 4.x, which 2.x also takes), and where what fastmcp 0.x/1.x took goes instead: a
# remedy asking for a newer fastmcp says which of the server's keywords must change.
MODERN_FASTMCP_KEYWORDS = frozenset(
    """name instructions version website_url icons auth middleware providers transforms
    lifespan tools on_duplicate mask_error_details dereference_schemas
    strict_input_validation list_page_size tasks session_state_store sampling_handler
    sampling_handler_behavior client_log_level experimental_capabilities""".split()
)
RENAMED_FASTMCP_KEYWORDS = {"description": "instructions"}


def _constructor_changes(server: Server) -> str:
    """What of the server's constructor a newer fastmcp no longer takes (`FastMCP("x",
    description=..., log_level="ERROR")`), as a clause for the remedy; "" when nothing."""
    old = sorted(k for k in server.keywords if k not in MODERN_FASTMCP_KEYWORDS)
    if not old:
        return ""
    parts = [
        f"`{RENAMED_FASTMCP_KEYWORDS[k]}=` in place of `{k}=`"
        if k in RENAMED_FASTMCP_KEYWORDS else f"`{k}=` to `run()`"
        for k in old
    ]  # fmt: skip
    return "; pass " + " and ".join(parts) + ", which fastmcp 3 no longer takes in FastMCP()"


def _before_middleware(server: Server, path: str) -> bool:
    """A standalone fastmcp 0.x/1.x server: it drops unknown keys like the SDK's FastMCP
    it became, and has no middleware for enforce_policy."""
    if server.framework_id != "fastmcp":
        return False
    major = major_of(server, path)
    return major is not None and major < 2


def keyword_limit_without_aliases(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV502: `max_results` as a parameter, and nothing maps `limit`/`top_k` to it."""
    handler = tool.handler
    if tool.mode != "read-only" or handler is None or not handler.keyword_style:
        return
    if tool.enforcement is not None or not context.config.aliases:
        return  # no aliases configured: nothing to map
    behaviour = tool.behaviour
    if behaviour is not None and behaviour.before_handler and behaviour.unknown_keys == "rejected":
        return  # TAV503 says it: the alias fails like every other unknown key
    server = tool.server_model
    if server is not None and (
        server.drops_unknown or server.framework_id == "fastmcp"
    ) and (behaviour is None or behaviour.unknown_keys in ("dropped", "rejected")):
        remedy = f"apply {ENFORCE}({server.name}) to its {server.framework} server"
        if _before_middleware(server, context.model.path):
            pin = pin_of(server, context.model.path)
            remedy = (
                f"its pin ({pin.text() if pin else 'fastmcp'}) has no middleware API "
                f"(fastmcp.server.middleware, from fastmcp {MIDDLEWARE_FROM}"
                f"{_constructor_changes(server)}): allow a newer fastmcp, then {remedy}"
            )
    elif tool.shape in ("decorator", "imperative") and server is None:
        # A keyword tool's framework calls it with keywords: only what runs before it (the
        # policy on its server) can map an alias; its code never sees the call's dict.
        remedy = f"apply {ENFORCE} to the server that registers it"
    else:
        remedy = "take the argument dict and use optional_usize_with_aliases"
    what = behaviour.what if behaviour is not None else "they are not parameters"
    for field in context.config.limit_fields:
        if field in handler.params and not _text_parameter(handler.node, field):
            yield context.finding(
                "TAV502",
                tool.anchor,
                tool,
                field=field,
                aliases=context.aliases_text(),
                what=what,
                remedy=remedy,
            )
            return


def _text_parameter(node: cst.CSTNode, name: str) -> bool:
    """`max_matches: str = "50"`: a limit the tool takes as text, which an integer `limit`
    moved onto it would fail to validate as."""
    if not isinstance(node, cst.FunctionDef):
        return False
    params = node.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        if param.name.value != name or param.annotation is None:
            continue
        written = param.annotation.annotation
        if isinstance(written, cst.BinaryOperation):  # `str | None`
            written = written.left
        if isinstance(written, cst.Subscript) and dotted_name(written.value) in (
            "Optional", "typing.Optional"
        ):
            written = written.slice[0].slice.value  # type: ignore[attr-defined]
        return dotted_name(written) == "str"
    return False


def _strict_blocks_policy(server: Server | None, path: str) -> bool:
    """fastmcp 3.x with strict_input_validation=True: no middleware sees a bad call."""
    return (
        server is not None
        and server.framework_id == "fastmcp"
        and server.flag("strict_input_validation") is True
        and major_of(server, path) == 3
    )


def read_only_rejects_unknown_args(context: Context) -> Iterator[Finding]:
    """TAV503: a schema or the framework rejects a read-only tool's unknown keys.

    Where the remedy is enforce_policy(server), one finding for the server covers all its
    tools; a tool no enforceable server serves gets its own."""
    for tool in context.model.tools:
        judged = _rejected_read_only(tool, context)
        if judged is not None and judged[2] is None:
            what, remedy, _ = judged
            yield context.finding("TAV503", tool.anchor, tool, what=what, remedy=remedy)
    for server in context.model.servers:
        found: tuple[str, str] | None = None
        names: list[str] = []
        for tool, judged in _rejected_at(server, context):
            found = found or judged[:2]
            names.append(tool.name)
        if found is not None and not unpoliced(server, context):  # else TAV505 says it
            what, remedy = found
            yield context.server_finding(
                "TAV503", server, tuple(names), what=what, remedy=remedy
            )


def _rejected_at(
    server: Server, context: Context
) -> list[tuple[Tool, tuple[str, str, Server | None]]]:
    """The read-only tools of `server` whose unknown keys it (or their schema, under it)
    rejects, where enforce_policy(server) is the remedy, with why and that remedy."""
    found = []
    for tool in context.served(server):
        if tool.server_model is not server and server.enforced_by:
            continue  # another module's tool, enforced where its server is built
        judged = _rejected_read_only(tool, context, server)
        if judged is not None and judged[2] is not None:
            found.append((tool, judged))
    return found


def _rejected_read_only(
    tool: Tool, context: Context, serving: Server | None = None
) -> tuple[str, str, Server | None] | None:
    """Why a read-only tool's unknown keys are rejected, the remedy, and the server that
    remedy is applied to (None: the tool's own schema): `serving` when the tool is one it
    serves from another module, else the tool's own server."""
    behaviour = tool.behaviour
    runtime = _read_only_at_run_time(tool)
    if (tool.mode != "read-only" and not runtime) or behaviour is None:
        return None
    if not runtime and tool.mode_source.startswith("default"):
        # Read-only only by default: nothing shows it (no annotation, no name that says
        # it, a call the checker cannot follow). Rejecting its unknown keys is right if
        # it writes; the finding would claim what nobody knows. The remedy of a finding
        # on its server asks for the annotation.
        return None
    if behaviour.unknown_keys != "rejected" or not behaviour.before_handler:
        return None
    what = behaviour.what
    if runtime:
        what += f"; it is read-only whenever its readOnlyHint, the run-time value {runtime}, "
        what += "is true"
    server = tool.server_model
    if serving is not None and server is not None and server is not serving:
        # The tool of another module, registered on `serving` (a server mounted into it,
        # or a register function's parameter): its remedy is applied where `serving` is.
        server = serving
    if _strict_blocks_policy(server, context.model.path):
        return None  # TAV504, on the server, says why and what to change
    if server is not None and server.framework_id == "fastmcp":
        remedy = (
            f"apply {ENFORCE}({server.name}) to its fastmcp server (it adds the "
            "toolargs.fastmcp middleware)"
        )
        pin = pin_of(server, context.model.path)
        if pin is not None and pin.pinned and not pin.may_be_at_least(MIDDLEWARE_FROM):
            remedy = (
                f"its pin ({pin.text()}) has no middleware API (fastmcp."
                f"server.middleware, from fastmcp {MIDDLEWARE_FROM}"
                f"{_constructor_changes(server)}): allow a newer fastmcp, then {remedy}"
            )
        return what, remedy, server
    if server is not None and server.drops_unknown:
        # An SDK FastMCP/MCPServer whose argument models the project made strict:
        # enforce_policy takes the unknown keys out before the model sees them.
        remedy = (
            f"apply {ENFORCE}({server.name}) to its {server.framework} server (it removes "
            "unknown keys before the argument model validates, and reports them)"
        )
        return what, remedy, server
    if server is not None and server.framework_id == "mcp-lowlevel" and not server.enforced_by:
        # The 1.x low-level Server validates against the closed schema: enforce_policy
        # wraps its call handler ahead of that validation.
        remedy = (
            f"apply {ENFORCE}({server.name}) to its low-level server (it takes unknown "
            "keys out before the SDK validates, and reports them)"
        )
        return what, remedy, server
    remedy = (
        "drop additionalProperties: false from its input schema and report unknown "
        "keys with collect_unknown_args"
    )
    return what, remedy, None


def _read_only_at_run_time(tool: Tool) -> str:
    """A tool classified as a mutation whose readOnlyHint is a run-time value (a flag the
    server is started with) and that is not destructive: the value's source text."""
    annotations = tool.annotations
    if tool.mode != "mutation" or annotations is None or annotations.read_only is not None:
        return ""
    if annotations.destructive is True:
        return ""
    return annotations.read_only_expr


def strict_input_validation(context: Context) -> Iterator[Finding]:
    """TAV504: fastmcp 3.x strict_input_validation=True, so no middleware can run."""
    for server in context.model.servers:
        if not _strict_blocks_policy(server, context.model.path):
            continue
        covered = tuple(t.name for t in context.served(server) if t.mode == "read-only")
        if not covered:
            continue
        remedy = "build it with strict_input_validation=False"
        if not context.enforced(server):
            remedy += f" and apply {ENFORCE}({server.name})"
        yield context.server_finding("TAV504", server, covered, remedy=remedy)


# What a handler of a low-level server that applies no policy is told per tool, when the
# one remedy is enforce_policy(server): TAV505 says it once for the server instead.
FOLDED_AT_SERVER = frozenset({"TAV101", "TAV104", "TAV201"})


def lowlevel_without_policy(context: Context) -> Iterator[Finding]:
    """TAV505: a low-level server none of whose handlers applies the policy. Its one
    finding also covers the read-only tools whose closed schemas the SDK rejects unknown
    keys against (TAV503 at the server): the same line is the remedy for both."""
    for server in context.model.servers:
        covered = unpoliced(server, context)
        if not covered:
            continue
        closed = [t for t, _ in _rejected_at(server, context) if t not in covered]
        read_only = sum(1 for t in covered if t.mode == "read-only")
        mutations = len(covered) - read_only
        parts = []
        if read_only:
            tools = "tool drops" if read_only == 1 else "tools drop"
            parts.append(f"{read_only} read-only {tools} them without a word")
        if mutations:
            parts.append(f"{mutations} mutation{' runs' if mutations == 1 else 's run'} with them")
        if closed:
            schemas = "tool's closed schema rejects"
            if len(closed) > 1:
                schemas = "tools' closed schemas reject"
            parts.append(f"{len(closed)} read-only {schemas} them")
        names = tuple(t.name for t in (*covered, *closed))
        yield context.server_finding("TAV505", server, names, what=", ".join(parts))


def unpoliced(server: Server, context: Context) -> list[Tool]:
    """The tools of a low-level `server` with no enforce_policy whose handlers let unknown
    keys through, when none of the server's handlers applies the policy itself: the
    project has not chosen per-handler code, and one line at the server is the remedy.
    Where some handler collects or rejects unknown keys, each tool keeps its own
    findings (TAV101, TAV201) and their per-handler remedies."""
    if server.framework_id != "mcp-lowlevel" or context.config.policy_at != "server":
        return []
    key = ("unpoliced", id(server))
    if key not in context.asked:
        served = context.served(server)
        applied = any(events(t, Step.COLLECT, Step.REJECT) for t in served)
        context.asked[key] = (
            [] if applied or context.enforced(server) else [t for t in served if _lets_through(t)]
        )
    return context.asked[key]


def _lets_through(tool: Tool) -> bool:
    """A dict-style handler that unknown keys reach and that drops them, or one taking an
    argument model that ignores them (`list_indices(args: ListIndicesArgs)`)."""
    behaviour = tool.behaviour
    keyword_style = tool.handler is not None and tool.handler.keyword_style
    if tool.mode not in ("read-only", "mutation") or not (
        checked_dict_handler(tool) or keyword_style
    ):
        return False
    if behaviour is not None and (
        behaviour.before_handler or behaviour.label != "dropped (handler)"
    ):
        return False
    return True


RULES = (keyword_limit_without_aliases,)
MODULE_RULES = (
    lowlevel_without_policy,
    framework_drops_unknown_args,
    read_only_rejects_unknown_args,
    strict_input_validation,
)
