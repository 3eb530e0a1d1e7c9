"""The `enforce_policy(...)` call a server needs: what the messages advise and `fix` writes.

A running server decides a tool's mode from what it can see, its name and annotations
(`toolargs.runtime.policy.tool_mode`); the checker also reads what the handler does. Where
the two differ, a bare `enforce_policy(server)` would treat a mutation as read-only (its
unknown keys reported, its side effects run) or the reverse, so the call names those tools.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from toolargs.config import Config
from toolargs.model import Tool
from toolargs.runtime.policy import matching_pattern, tool_mode


def runtime_mode(tool: Tool, config: Config) -> str | None:
    """The mode enforce_policy gives the tool at run time, from its name and annotations
    as the checker read them; None when the annotations are a value only the running
    server knows."""
    annotations = tool.annotations
    hints: dict[str, bool] | None = None
    if annotations is not None:
        if not annotations.resolved or annotations.read_only_expr:
            return None
        hints = {}
        if annotations.read_only is not None:
            hints["readOnlyHint"] = annotations.read_only
        if annotations.destructive is not None:
            hints["destructiveHint"] = annotations.destructive
    return tool_mode(
        tool.name,
        hints,
        mutation_tools=config.mutation_tools,
        read_only_tools=config.read_only_tools,
        default_mode=config.default_mode,
    )


def misjudged(tools: Iterable[Tool], config: Config) -> tuple[list[str], list[str]]:
    """Of `tools`, the mutations a running server would take for read-only, and the
    unannotated read-only tools it would take for mutations."""
    mutations, read_only = [], []
    for tool in tools:
        if any(c in tool.name for c in "*?["):
            continue
        at_run_time = runtime_mode(tool, config)
        if at_run_time is None or at_run_time == tool.mode:
            continue
        if tool.mode == "mutation":
            mutations.append(tool.name)
        elif tool.annotations is None:
            read_only.append(tool.name)
    return sorted(set(mutations)), sorted(set(read_only))


def policy_options(
    mutations: Iterable[str], read_only: Iterable[str], config: Config
) -> tuple[str, bool]:
    """The keyword arguments of the enforce_policy call (`", mutation_tools=(...)"`),
    carrying the project's configuration where it is not the default and the tools whose
    mode a running server would get wrong; and whether they name DEFAULT_MUTATION_TOOLS."""
    default = Config()
    options = []
    uses_default = False
    extra = sorted(n for n in mutations if not matching_pattern(n, config.mutation_tools))
    if config.mutation_tools != default.mutation_tools:
        options.append(f"mutation_tools={tuple_code([*config.mutation_tools, *extra])}")
    elif extra:
        options.append(f"mutation_tools=(*DEFAULT_MUTATION_TOOLS, {items_code(extra)})")
        uses_default = True
    read_only_tools = [*config.read_only_tools]
    read_only_tools += sorted(n for n in read_only if not matching_pattern(n, read_only_tools))
    if read_only_tools:
        options.append(f"read_only_tools={tuple_code(read_only_tools)}")
    for field_name in ("limit_fields", "aliases"):
        value = getattr(config, field_name)
        if value != getattr(default, field_name):
            options.append(f"{field_name}={tuple_code(value)}")
    if config.default_mode != default.default_mode:
        options.append(f'default_mode="{config.default_mode}"')
    return "".join(f", {option}" for option in options), uses_default


def tuple_code(values: Sequence[str]) -> str:
    inner = items_code(values)
    return f"({inner},)" if len(values) == 1 else f"({inner})"


def items_code(values: Sequence[str]) -> str:
    return ", ".join(f'"{v}"' for v in values)
