"""The policy enforced centrally, from a server's tool list.

A dispatcher that calls `ToolPolicy.resolve(name, arguments)` first follows the policy
for every tool it serves, with `KNOWN_ARGS` taken from each tool's input schema, so
the two cannot drift. `enforce_policy` applies the same per-tool terms (`ToolArgs`) to
framework servers. A tool's mode follows the checker's precedence for what a running
server can tell (annotations, name patterns, name verbs, the default); the checker's
configuration takes its default patterns and verbs from here.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any, Literal, TypeVar

from toolargs.runtime.helpers import (
    DEFAULT_ALIASES,
    LIMIT_FIELDS,
    collect_unknown_args,
    optional_usize_with_aliases,
    reject_unknown_args,
    with_unknown_args,
)

__all__ = [
    "DEFAULT_MUTATION_TOOLS",
    "DEFAULT_MUTATION_VERBS",
    "QUANTIFIERS",
    "STATE_VERBS",
    "Mode",
    "PolicyOptions",
    "Resolution",
    "ToolArgs",
    "ToolPolicy",
    "matching_pattern",
    "mutation_verb",
    "name_verb",
    "tool_mode",
]

ResultT = TypeVar("ResultT")

Mode = Literal["read-only", "mutation"]

DEFAULT_MUTATION_TOOLS: tuple[str, ...] = (
    "rename_symbol",
    "replace_symbol_body",
    "apply_full_writes_with_evidence",
    "add_import",
    "delete_lines",
    "insert_at_line",
    "replace_lines",
    "replace_content",
    "move_symbol",
    "refactor_*",
)
"""Name patterns (fnmatch) of mutation tools, even when annotated read-only."""

# Verbs that make a name a mutation: a tool named `delete_note`, a call to
# `api.delete_file()`. A name matches when it is the verb or starts with `verb_`
# (or, camelCase, `verbX`).
DEFAULT_MUTATION_VERBS: tuple[str, ...] = (
    "delete",
    "remove",
    "create",
    "update",
    "write",
    "put",
    "patch",
    "post",
    "append",
    "insert",
    "set",
    "save",
    "move",
    "rename",
    "upload",
    "send",
    "drop",
    "reset",
    "commit",
    "push",
    "persist",
    "add",
    "modify",
    "upsert",
    "store",
    "edit",
    "fork",
    "clone",
)


def matching_pattern(name: str, patterns: Sequence[str]) -> str | None:
    """The first of `patterns` (fnmatch, case-sensitive) that `name` matches."""
    for pattern in patterns:
        if fnmatchcase(name, pattern):
            return pattern
    return None


_WORDS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


# Words before a verb that only say how many things it acts on: `batch_delete_products`,
# `bulkCreate`, `mass_update`.
QUANTIFIERS = frozenset({"batch", "bulk", "mass", "multi"})
# Verbs that change the state of what they name, besides creating, writing and deleting
# (`mutation-verbs`): an order refunded, a plan activated, a review replied to, a process
# started. Tool names starting with one are mutations, for the checker (after annotations,
# patterns and effects) and at run time alike.
STATE_VERBS = frozenset(
    """acknowledge accept decline activate deactivate approve reject archive unarchive
    assign unassign cancel consume defer deploy undeploy enable disable halt import install
    uninstall invite kill terminate merge migrate pause resume promote demote publish unpublish
    refund register unregister reply restart start stop restore revoke grant submit
    subscribe unsubscribe suspend unsuspend toggle trigger transfer trash untrash
    undelete lock unlock clear purge reschedule rollback""".split()
)


def name_verb(
    name: str, verbs: Collection[str], extra: frozenset[str] = STATE_VERBS
) -> str | None:
    """The verb a name starts with, after words that only count (`batch_`, `bulk`):
    `delete` for `batch_delete_products` and `batchDelete`, `refund` for `refund_order`;
    one of `verbs` or of `extra`."""
    words = [word.lower() for word in _WORDS.findall(name.lstrip("_"))]
    while len(words) > 1 and words[0] in QUANTIFIERS:
        words = words[1:]
    first = words[0] if words else ""
    return first if first and (first in verbs or first in extra) else None


def mutation_verb(name: str, verbs: Sequence[str]) -> str | None:
    """The verb `name` starts with: `delete` for `delete_note`, `deleteNote`, `delete`."""
    words = _WORDS.findall(name.lstrip("_"))
    first = words[0].lower() if words else ""
    return first if first in verbs else None


def _field(source: object, *names: str) -> Any:
    """The first of `names` set on a dict, or the first an object has (SDK 2.x models
    have the snake_case field and keep the 1.x camelCase name as a deprecated alias)."""
    for name in names:
        if isinstance(source, Mapping):
            value = source.get(name)
            if value is not None:
                return value
        elif hasattr(source, name):
            return getattr(source, name)
    return None


def tool_mode(
    name: str,
    annotations: object = None,
    *,
    mutation_tools: Sequence[str] = DEFAULT_MUTATION_TOOLS,
    read_only_tools: Sequence[str] = (),
    default_mode: Mode = "read-only",
) -> Mode:
    """The mode of a tool, by the checker's precedence (`toolargs.mode.classify`) for
    what a running server knows: no markers, no effects.

    Annotations first: `destructiveHint` true or `readOnlyHint` not true is a mutation
    (the MCP default for a missing `readOnlyHint` is false). A read-only annotation on
    a tool named like a mutation is treated as a mutation: a wrong edit costs more than
    a rejected call. Without annotations, the name patterns decide, then the name's
    verb (`delete_*`, `create_*`, ...), then `default_mode`.
    """
    mutation_pattern = matching_pattern(name, mutation_tools)
    if annotations is not None:
        read_only = _field(annotations, "read_only_hint", "readOnlyHint")
        destructive = _field(annotations, "destructive_hint", "destructiveHint")
        if read_only is True and destructive is not True and mutation_pattern is None:
            return "read-only"
        return "mutation"
    if mutation_pattern is not None:
        return "mutation"
    if matching_pattern(name, read_only_tools) is not None:
        return "read-only"
    if name_verb(name, DEFAULT_MUTATION_VERBS) is not None:
        return "mutation"
    return default_mode


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


@dataclass(frozen=True)
class PolicyOptions:
    """The keywords of `enforce_policy` and `ToolPolicy.from_tools`: how a tool's mode is
    decided and which limit fields take which aliases."""

    mutation_tools: tuple[str, ...] = DEFAULT_MUTATION_TOOLS
    read_only_tools: tuple[str, ...] = ()
    default_mode: Mode = "read-only"
    limit_fields: tuple[str, ...] = LIMIT_FIELDS
    aliases: tuple[str, ...] = DEFAULT_ALIASES

    def terms(self, name: str, schema: object, annotations: object) -> ToolArgs:
        """The terms of one tool, from its input schema and annotations."""
        mode = tool_mode(
            name,
            annotations,
            mutation_tools=self.mutation_tools,
            read_only_tools=self.read_only_tools,
            default_mode=self.default_mode,
        )
        return ToolArgs.from_schema(
            name, schema, mode, limit_fields=self.limit_fields, aliases=self.aliases
        )

    def tool_terms(self, tool: object) -> ToolArgs | None:
        """The terms of an SDK `Tool` of either major or a dict with `name`, `inputSchema`
        (or `input_schema`) and `annotations`; None without a name."""
        name = _field(tool, "name")
        if not isinstance(name, str):
            return None
        return self.terms(name, input_schema(tool), _field(tool, "annotations"))


def input_schema(tool: object) -> object:
    """A listed tool's input schema, in either SDK spelling."""
    return _field(tool, "input_schema", "inputSchema")


def output_schema(tool: object) -> object:
    """A listed tool's output schema, in either SDK spelling."""
    return _field(tool, "output_schema", "outputSchema")


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
        options = PolicyOptions(
            tuple(mutation_tools),
            tuple(read_only_tools),
            default_mode,
            tuple(limit_fields),
            tuple(aliases),
        )
        entries = []
        for tool in tools:
            terms = options.tool_terms(tool)
            if terms is None:
                raise TypeError(f"a tool without a name: {tool!r}")
            entries.append(terms)
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
