"""toolargs.runtime: what an MCP server imports to follow the tool argument policy.

Read-only tools are lenient and visible: they accept their schema keys plus the aliases
of their limit field, and report every other key back as `unknown_args`. Mutation tools
are strict: they reject unknown keys with `MissingParam` before any side effect.

Standard library only, so that any MCP server can import it at no cost, and nothing of
the checker. The package: `helpers` (what a handler calls), `policy` (`ToolPolicy`, the
per-tool terms and modes), `enforce` (`enforce_policy`), and one module per framework,
imported only when a server of that framework is enforced: `sdk` (FastMCP, MCPServer),
`lowlevel` (the SDK's low-level `Server`), `fastmcp` (standalone fastmcp's middleware),
`chuk` (chuk-mcp-server, read through its attributes: nothing of it is imported).
"""

from toolargs.runtime.enforce import enforce_policy
from toolargs.runtime.helpers import (
    DEFAULT_ALIASES,
    LIMIT_FIELDS,
    STRICT_ARGS_ENV,
    MissingParam,
    collect_unknown_args,
    optional_usize_with_aliases,
    reject_unknown_args,
    strict_args_enabled,
    unknown_args_block_text,
    with_unknown_args,
)
from toolargs.runtime.policy import DEFAULT_MUTATION_TOOLS, Resolution, ToolPolicy

__all__ = [
    "DEFAULT_ALIASES",
    "DEFAULT_MUTATION_TOOLS",
    "LIMIT_FIELDS",
    "STRICT_ARGS_ENV",
    "MissingParam",
    "Resolution",
    "ToolPolicy",
    "collect_unknown_args",
    "enforce_policy",
    "optional_usize_with_aliases",
    "reject_unknown_args",
    "strict_args_enabled",
    "unknown_args_block_text",
    "with_unknown_args",
]
