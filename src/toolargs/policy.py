"""The policy enforced centrally, from a server's tool list.

A dispatcher that calls `ToolPolicy.resolve(name, arguments)` first follows the policy
for every tool it serves, with `KNOWN_ARGS` taken from each tool's input schema, so
the two cannot drift. `enforce_policy` applies the same per-tool terms to framework
servers. Standard library only, like `toolargs.runtime`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from toolargs.config import DEFAULT_MUTATION_TOOLS, Config, Mode
from toolargs.mode import Annotations, classify
from toolargs.runtime import (
    DEFAULT_ALIASES,
    LIMIT_FIELDS,
    collect_unknown_args,
    optional_usize_with_aliases,
    reject_unknown_args,
    with_unknown_args,
)

__all__ = ["Resolution", "ToolArgs", "ToolPolicy", "tool_mode"]

ResultT = TypeVar("ResultT")


def _field(source: object, *names: str) -> Any:
    """The first of `names` set on a dict or an object (SDK 1.x camelCase, 2.x snake_case)."""
    for name in names:
        value = source.get(name) if isinstance(source, Mapping) else getattr(source, name, None)
        if value is not None:
            return value
    return None


def tool_mode(
    name: str,
    annotations: object = None,
    *,
    mutation_tools: Sequence[str] = DEFAULT_MUTATION_TOOLS,
    read_only_tools: Sequence[str] = (),
    default_mode: Mode = "read-only",
) -> Mode:
    """The mode of a tool, by the checker's own precedence (`toolargs.mode.classify`).

    Annotations first: `destructiveHint` true or `readOnlyHint` not true is a mutation
    (the MCP default for a missing `readOnlyHint` is false). A read-only annotation on
    a tool named like a mutation is treated as a mutation: a wrong edit costs more than
    a rejected call. Without annotations, the name patterns decide, then `default_mode`.
    """
    config = Config(
        mutation_tools=tuple(mutation_tools),
        read_only_tools=tuple(read_only_tools),
        default_mode=default_mode,
    )
    hints = None
    if annotations is not None:
        read_only = _field(annotations, "read_only_hint", "readOnlyHint")
        destructive = _field(annotations, "destructive_hint", "destructiveHint")
        hints = Annotations(
            read_only if isinstance(read_only, bool) else None,
            destructive if isinstance(destructive, bool) else None,
            repr(annotations),
        )
    return classify(name, hints, (), config).mode


@dataclass(frozen=True)
class Resolution:
    """One call's arguments after the policy: what the handler should read.

    `arguments` holds the schema keys (and `_` metadata), with an alias moved to the
    limit field when the canonical key is absent; unknown keys are removed and listed
    in `unknown_args` (empty for a clean call; mutation tools never get here with any).
    """

    tool: str
    mode: Mode
    arguments: dict[str, Any]
    unknown_args: list[str]

    def with_unknown_args(self, result: ResultT) -> ResultT:
        """`result` with `unknown_args` added when the call had any, by the one rule of
        `toolargs.runtime.with_unknown_args` (dicts, content-block lists, results, text)."""
        return with_unknown_args(result, self.unknown_args)


@dataclass(frozen=True)
class ToolArgs:
    """What one tool accepts: its KNOWN_ARGS, limit field and aliases, and its mode."""

    name: str
    mode: Mode
    known_args: frozenset[str]
    limit_field: str | None = None
    aliases: tuple[str, ...] = ()

    @classmethod
    def from_schema(
        cls,
        name: str,
        schema: object,
        mode: Mode,
        *,
        limit_fields: Sequence[str] = LIMIT_FIELDS,
        aliases: Sequence[str] = DEFAULT_ALIASES,
    ) -> ToolArgs:
        """KNOWN_ARGS = the schema's top-level properties, plus the aliases of its limit field."""
        properties = _field(schema, "properties") if schema is not None else None
        keys = frozenset(map(str, properties)) if isinstance(properties, Mapping) else frozenset()
        limit_field = next((f for f in limit_fields if f in keys), None)
        if limit_field is None:
            return cls(name, mode, keys)
        # An alias the schema itself defines is a real parameter, not an alias.
        own_aliases = tuple(alias for alias in aliases if alias not in keys)
        return cls(name, mode, keys | frozenset(own_aliases), limit_field, own_aliases)

    def resolve(self, arguments: object) -> Resolution:
        """Apply the policy to one call; raises MissingParam where the policy rejects.

        Mutation tools reject unknown keys; read-only tools report them (and reject them
        too with TOOLARGS_STRICT_ARGS=1). The caller's dict is never modified.
        """
        args: dict[str, Any] = dict(arguments) if isinstance(arguments, Mapping) else {}
        if self.mode == "mutation":
            reject_unknown_args(args, self.known_args)
            unknown: list[str] = []
        else:
            unknown = collect_unknown_args(args, self.known_args)
        resolved = {key: value for key, value in args.items() if str(key) not in unknown}
        if self.limit_field is not None:
            if self.limit_field not in resolved:
                limit = optional_usize_with_aliases(resolved, self.limit_field, self.aliases, -1)
                if limit >= 0:
                    resolved[self.limit_field] = limit
            # The canonical key wins; aliases never reach a handler that does not know them.
            for alias in self.aliases:
                resolved.pop(alias, None)
        return Resolution(self.name, self.mode, resolved, unknown)


class ToolPolicy:
    """The policy for every tool of a server, built from its tool list.

    Call `resolve(name, arguments)` once at the top of the dispatcher and hand
    `resolution.arguments` to the handler.
    """

    def __init__(self, tools: Iterable[ToolArgs]) -> None:
        self.tools: dict[str, ToolArgs] = {tool.name: tool for tool in tools}

    @classmethod
    def from_tools(
        cls,
        tools: Iterable[object],
        *,
        mutation_tools: Sequence[str] = DEFAULT_MUTATION_TOOLS,
        read_only_tools: Sequence[str] = (),
        default_mode: Mode = "read-only",
        limit_fields: Sequence[str] = LIMIT_FIELDS,
        aliases: Sequence[str] = DEFAULT_ALIASES,
    ) -> ToolPolicy:
        """Build from SDK `Tool` objects or dicts with `name`, `inputSchema`, `annotations`.

        Both SDK spellings are read (`inputSchema`/`input_schema`, `readOnlyHint`/
        `read_only_hint`); the mode follows `tool_mode`.
        """
        entries = []
        for tool in tools:
            name = _field(tool, "name")
            if not isinstance(name, str):
                raise TypeError(f"a tool without a name: {tool!r}")
            mode = tool_mode(
                name,
                _field(tool, "annotations"),
                mutation_tools=mutation_tools,
                read_only_tools=read_only_tools,
                default_mode=default_mode,
            )
            schema = _field(tool, "input_schema", "inputSchema")
            entries.append(
                ToolArgs.from_schema(name, schema, mode, limit_fields=limit_fields, aliases=aliases)
            )
        return cls(entries)

    def __contains__(self, name: object) -> bool:
        return name in self.tools

    def resolve(self, name: str, arguments: object) -> Resolution:
        """Apply the policy of tool `name` to one call's arguments.

        Raises MissingParam when the policy rejects the call, and LookupError for a
        tool the policy was not built with (a dispatcher serving it would be unchecked).
        """
        tool = self.tools.get(name)
        if tool is None:
            raise LookupError(f"unknown tool: {name}")
        return tool.resolve(arguments)
