"""The policy for standalone fastmcp servers (fastmcp 2.x, 3.x, 4.x), as a middleware.

fastmcp rejects every unknown key with pydantic's "Unexpected keyword argument" before
the tool runs: right for mutation tools, wrong for read-only ones, which the policy wants
lenient and visible. `PolicyMiddleware.on_call_tool` sees each call before that
validation, through fastmcp's public middleware API, and applies the per-tool terms of
`toolargs.runtime.policy`: read-only tools get their limit alias mapped and their
unknown keys removed and reported; a mutation tool with an unknown key fails with
"unknown arg: <key>" and never runs. Calls to mounted servers pass through the parent's
middleware under their prefixed names, so enforcing the parent covers them.

Importing this module imports fastmcp; `toolargs.runtime.enforce_policy` imports it only
when it is given a fastmcp server. `toolargs.fastmcp` re-exports it under the name the
documentation gives.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from fastmcp.exceptions import ToolError
from fastmcp.server.middleware import Middleware

from toolargs.runtime.helpers import (
    DEFAULT_ALIASES,
    LIMIT_FIELDS,
    MissingParam,
    attach_unknown_args,
    closed_to_extra_keys,
)
from toolargs.runtime.policy import DEFAULT_MUTATION_TOOLS, Mode, PolicyOptions, ToolArgs

__all__ = ["PolicyMiddleware", "enforce_fastmcp_policy", "fastmcp_major"]


def fastmcp_major() -> int | None:
    """The installed fastmcp's major version, or None when it cannot be told."""
    try:
        return int(version("fastmcp").split(".")[0])
    except (PackageNotFoundError, ValueError):
        return None


class PolicyMiddleware(Middleware):
    """Applies the tool argument policy to every `tools/call` of the server it is on."""

    def __init__(
        self,
        *,
        mutation_tools: Sequence[str] = DEFAULT_MUTATION_TOOLS,
        read_only_tools: Sequence[str] = (),
        default_mode: Mode = "read-only",
        limit_fields: Sequence[str] = LIMIT_FIELDS,
        aliases: Sequence[str] = DEFAULT_ALIASES,
        server: Any = None,
    ) -> None:
        self.mutation_tools = tuple(mutation_tools)
        self.read_only_tools = tuple(read_only_tools)
        self.default_mode: Mode = default_mode
        self.limit_fields = tuple(limit_fields)
        self.aliases = tuple(aliases)
        self.server = server  # used when a call comes without a fastmcp context

    def terms(self, tool: Any) -> ToolArgs:
        """The tool's KNOWN_ARGS, limit field and mode, read from it at call time."""
        annotations = getattr(tool, "annotations", None)
        if annotations is not None and hasattr(annotations, "model_dump"):
            # fastmcp 4.x names the fields read_only_hint, 2.x/3.x readOnlyHint; the
            # aliases are the protocol's names in every version.
            annotations = annotations.model_dump(by_alias=True, exclude_none=True)
        options = PolicyOptions(
            self.mutation_tools,
            self.read_only_tools,
            self.default_mode,
            self.limit_fields,
            self.aliases,
        )
        return options.terms(tool.name, getattr(tool, "parameters", None), annotations)

    async def on_call_tool(self, context: Any, call_next: Any) -> Any:
        params = context.message
        tool = await self._tool(context, params.name)
        if tool is None:  # fastmcp reports the unknown tool itself
            return await call_next(context)
        terms = self.terms(tool)
        arguments = dict(params.arguments or {})
        try:
            resolution = terms.resolve(arguments)
        except MissingParam as rejected:
            # fastmcp sends a ToolError's text to the client unchanged, masked or not.
            raise ToolError(str(rejected)) from rejected
        # `_` metadata is never unknown, but fastmcp would refuse it as a keyword.
        resolved = {
            key: value
            for key, value in resolution.arguments.items()
            if key in terms.known_args or not str(key).startswith("_")
        }
        if resolved != arguments:
            message = params.model_copy(update={"arguments": resolved})
            context = context.copy(message=message)
        result = await call_next(context)
        if not resolution.unknown_args:
            return result
        closed = closed_to_extra_keys(getattr(tool, "output_schema", None))
        return attach_unknown_args(result, resolution.unknown_args, structured=not closed)

    async def _tool(self, context: Any, name: str) -> Any:
        fastmcp_context = getattr(context, "fastmcp_context", None)
        server = getattr(fastmcp_context, "fastmcp", None) or self.server
        if server is None:
            return None
        try:
            return await server.get_tool(name)
        except Exception:  # noqa: BLE001 - 2.x raises NotFoundError, 3.x/4.x return None
            return None


def enforce_fastmcp_policy(server: Any, **options: Any) -> Any:
    """Add a `PolicyMiddleware` to a fastmcp server (once); returns the same server.

    fastmcp 3.x with `strict_input_validation=True` validates the input schema, which it
    publishes closed, before any middleware runs: the policy cannot run there, and a
    RuntimeWarning says so (toolargs check reports it as TAV504).
    """
    if any(isinstance(m, PolicyMiddleware) for m in getattr(server, "middleware", ())):
        return server
    if getattr(server, "strict_input_validation", False) and fastmcp_major() == 3:
        warnings.warn(
            f"fastmcp {version('fastmcp')} server {getattr(server, 'name', server)!r} has "
            "strict_input_validation=True: it rejects unknown keys before any middleware "
            "runs, so read-only tools cannot report them; build it with "
            "strict_input_validation=False",
            RuntimeWarning,
            stacklevel=3,
        )
    server.add_middleware(PolicyMiddleware(server=server, **options))
    return server
