"""`enforce_policy(server)`: one line for every framework server the checker knows.

It hands the server to its framework's module of this package: `sdk` for the SDK's
FastMCP (1.x) and MCPServer (2.x), `lowlevel` for the SDK's low-level `Server` (1.x and
2.x), `fastmcp` for standalone fastmcp 2-4, `chuk` for chuk-mcp-server's ChukMCPServer.
A framework is imported only when a server of its own is enforced (`fastmcp`, whose
module subclasses fastmcp's middleware, is loaded only then; `chuk` imports nothing of
its framework), so importing `toolargs.runtime` imports none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from toolargs.runtime.chuk import enforce_chuk_policy, is_chuk_server
from toolargs.runtime.helpers import DEFAULT_ALIASES, LIMIT_FIELDS
from toolargs.runtime.lowlevel import enforce_lowlevel_policy, is_lowlevel_server
from toolargs.runtime.policy import DEFAULT_MUTATION_TOOLS, Mode, PolicyOptions
from toolargs.runtime.sdk import enforce_sdk_policy, is_sdk_server

__all__ = ["enforce_policy"]

ServerT = TypeVar("ServerT")


def _is_fastmcp(server: object) -> bool:
    """A standalone fastmcp server, a project's subclass of one included."""
    return any(kind.__module__.split(".")[0] == "fastmcp" for kind in type(server).__mro__)


def _is_test_double(server: object) -> bool:
    """A `unittest.mock` object (`patch("app.server.Server")` in a server's own tests):
    the code under test calls enforce_policy on it as on the real server."""
    return any(kind.__module__ == "unittest.mock" for kind in type(server).__mro__)


def enforce_policy(
    server: ServerT,
    *,
    mutation_tools: Sequence[str] = DEFAULT_MUTATION_TOOLS,
    read_only_tools: Sequence[str] = (),
    default_mode: Mode = "read-only",
    limit_fields: Sequence[str] = LIMIT_FIELDS,
    aliases: Sequence[str] = DEFAULT_ALIASES,
) -> ServerT:
    """Make a server follow the policy; returns the same server. Calling it twice
    changes nothing.

    Takes an SDK FastMCP (mcp 1.x) or MCPServer (mcp 2.x), an SDK low-level `Server`
    (either major), a standalone fastmcp server (2.x-4.x; it gets a
    `PolicyMiddleware`), or a chuk-mcp-server `ChukMCPServer`. Before a tool runs: its
    limit field takes an alias when the canonical key is absent; a read-only tool's
    unknown keys are removed and returned in its result as `unknown_args` (or rejected
    with TOOLARGS_STRICT_ARGS=1); a mutation with unknown keys fails with "unknown arg:
    <key>" and never runs. Each tool's terms come from its own input schema and
    annotations, so tools added later are covered. A `unittest.mock` object standing in
    for the server in its tests is returned as it is; anything else raises TypeError.
    """
    if _is_fastmcp(server):
        from toolargs.runtime.fastmcp import enforce_fastmcp_policy

        enforced: ServerT = enforce_fastmcp_policy(
            server,
            mutation_tools=mutation_tools,
            read_only_tools=read_only_tools,
            default_mode=default_mode,
            limit_fields=limit_fields,
            aliases=aliases,
        )
        return enforced
    options = PolicyOptions(
        tuple(mutation_tools),
        tuple(read_only_tools),
        default_mode,
        tuple(limit_fields),
        tuple(aliases),
    )
    if is_sdk_server(server):
        return enforce_sdk_policy(server, options)
    if is_lowlevel_server(server):
        return enforce_lowlevel_policy(server, options)
    if is_chuk_server(server):
        return enforce_chuk_policy(server, options)
    if _is_test_double(server):
        return server  # a server's tests replace it with a mock: nothing to enforce on
    raise TypeError(
        "enforce_policy needs an MCP Python SDK server (mcp.server.fastmcp.FastMCP in "
        "mcp 1.x, mcp.server.mcpserver.MCPServer in mcp 2.x, mcp.server.lowlevel.Server "
        f"in either), a fastmcp.FastMCP (fastmcp 2.x-4.x) or a chuk_mcp_server.ChukMCPServer, "
        f"got {type(server)!r}"
    )
