"""The `enforce_policy(...)` call a server needs: what the messages advise and `fix` writes.

A running server decides a tool's mode from what it can see, its name and annotations
(`toolargs.runtime.policy.tool_mode`); the checker also reads what the handler does. Where
the two differ, a bare `enforce_policy(server)` would treat a mutation as read-only (its
unknown keys reported, its side effects run) or the reverse, so the call names those tools.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from toolargs.config import Config, Mode
from toolargs.discovery.index import ModuleIndex
from toolargs.discovery.literals import dotted_name, last_name, snippet
from toolargs.model import ModuleModel, Server, Tool
from toolargs.runtime.policy import DEFAULT_MUTATION_TOOLS, matching_pattern, tool_mode


def runtime_mode(tool: Tool, config: Config) -> str | None:
    """The mode enforce_policy gives the tool at run time, from its name and annotations
    as the checker read them; None when the annotations are a value only the running
    server knows."""
    hints = _hints(tool)
    if hints is False:
        return None
    return tool_mode(
        tool.name,
        hints,
        mutation_tools=config.mutation_tools,
        read_only_tools=config.read_only_tools,
        default_mode=config.default_mode,
    )


def declared(tool: Tool) -> bool:
    """Whether the project declares the tool's mode (annotations, a marker class, a
    configured pattern, the name's verb) rather than the checker reading it from what the
    handler does. A read mode is a judgement: a remedy that writes it into the server's
    code is wrong whenever the judgement is (TAV404 asks a person to declare it)."""
    return not tool.mode_source.startswith("effect")


def named_by_default(tool: Tool, config: Config) -> bool:
    """An unannotated tool whose name no pattern or verb classifies: enforce_policy gives
    it the default mode, whatever its handler does."""
    if tool.annotations is not None:
        return False
    defaults: tuple[Mode, ...] = ("read-only", "mutation")
    modes = {
        tool_mode(
            tool.name,
            None,
            mutation_tools=config.mutation_tools,
            read_only_tools=config.read_only_tools,
            default_mode=default,
        )
        for default in defaults
    }
    return len(modes) > 1


def named_as_writing(tool: Tool, config: Config) -> bool:
    """An unannotated tool the checker reads as read-only from its code (every call it
    makes resolved, none writing), which enforce_policy takes for a mutation by its name
    (`add`, `create_thumbnail`): its unknown keys would be refused, not reported."""
    return (
        tool.annotations is None
        and tool.mode == "read-only"
        and not declared(tool)
        and runtime_mode(tool, config) == "mutation"
    )


def misjudged(tools: Iterable[Tool], config: Config) -> tuple[list[str], list[str]]:
    """Of `tools`, the mutations a running server would take for read-only, and the
    unannotated read-only tools it would take for mutations: where the project declares
    the mode (a marker class the runtime cannot see); never a mode read from the code."""
    mutations, read_only = [], []
    for tool in tools:
        if any(c in tool.name for c in "*?[") or not declared(tool):
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


# --- the enforce_policy(...) call already applied to a server ----------------------------

OPEN = "*"  # a pattern standing for the part of an option the checker cannot read
ENFORCE_POLICY = "enforce_policy"
MAX_DEPTH = 4  # module constants naming module constants


@dataclass(frozen=True)
class Applied:
    """The options of an `enforce_policy(server, ...)` call as the checker reads them:
    what decides each tool's mode at run time. A keyword left out has the runtime's
    default (not the project's configuration: the running server never reads it)."""

    call: str  # "enforce_policy(mcp)", as messages name it
    target: str  # its first argument as written: `mcp`, `FastMCP("notes")`
    mutation_tools: tuple[str, ...] = DEFAULT_MUTATION_TOOLS
    read_only_tools: tuple[str, ...] = ()
    default_mode: Mode | None = "read-only"  # None: not a literal
    # The options, or parts of them, the checker cannot read, as written.
    unread: tuple[str, ...] = ()
    open_mutation: bool = False  # mutation_tools has a part the checker cannot read
    open_read_only: bool = False
    # The keywords as written, by name, for the remedy that keeps them.
    written: tuple[tuple[str, str], ...] = ()
    # Each mode option, as its remedy extends it: the literal's items, or a spread.
    items: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def mode(self, tool: Tool) -> tuple[Mode | None, str]:
        """The mode this call gives `tool` at run time, from its name, its annotations as
        the checker read them and these options; with None, what the checker cannot read
        that decides it (nothing, when the annotations are a run-time value)."""
        hints = _hints(tool)
        if hints is False:
            return None, ""
        found = set()
        for mutation in _variants(self.mutation_tools, self.open_mutation):
            for read_only in _variants(self.read_only_tools, self.open_read_only):
                modes: tuple[Mode, ...] = ("read-only", "mutation")
                for default in (self.default_mode,) if self.default_mode else modes:
                    found.add(
                        tool_mode(
                            tool.name,
                            hints,
                            mutation_tools=mutation,
                            read_only_tools=read_only,
                            default_mode=default,
                        )
                    )
        if len(found) == 1:
            return found.pop(), ""
        return None, ", ".join(self.unread)

    def remedy(self, mutations: Sequence[str], read_only: Sequence[str]) -> str:
        """This call with `mutations` named in mutation_tools= and `read_only` in
        read_only_tools=, its other keywords as written."""
        items = dict(self.items)
        written = dict(self.written)
        extra = {"mutation_tools": list(mutations), "read_only_tools": list(read_only)}
        for keyword in ("mutation_tools", "read_only_tools"):
            names = extra[keyword]
            if not names:
                continue
            present = list(items.get(keyword, ()))
            if keyword not in written and keyword == "mutation_tools":
                present = ["*DEFAULT_MUTATION_TOOLS"]
            values = [*present, *(f'"{n}"' for n in names)]
            inner = ", ".join(values)
            written[keyword] = f"({inner},)" if len(values) == 1 else f"({inner})"
        options = "".join(f", {k}={v}" for k, v in written.items())
        return f"{ENFORCE_POLICY}({self.target}{options})"


def _hints(tool: Tool) -> dict[str, bool] | None | bool:
    """The annotations a running server reads; False when only it knows them."""
    annotations = tool.annotations
    if annotations is None:
        return None
    if not annotations.resolved or annotations.read_only_expr:
        return False
    hints = {}
    if annotations.read_only is not None:
        hints["readOnlyHint"] = annotations.read_only
    if annotations.destructive is not None:
        hints["destructiveHint"] = annotations.destructive
    return hints


def _variants(known: tuple[str, ...], open_part: bool) -> tuple[tuple[str, ...], ...]:
    """The patterns as read, and, when a part is unread, with it matching every name."""
    return (known, (*known, OPEN)) if open_part else (known,)


def applied_options(call: cst.Call, index: ModuleIndex | None, server: str) -> Applied:
    """Read the options of `enforce_policy(server, ...)` (`call`) made in `index`."""
    target = call.args[0].value if call.args and call.args[0].keyword is None else None
    values: dict[str, object] = {}
    unread: list[str] = []
    written: list[tuple[str, str]] = []
    items: list[tuple[str, tuple[str, ...]]] = []
    opened = {"mutation_tools": False, "read_only_tools": False}
    for arg in call.args[1:]:
        text = snippet(arg.value)
        if arg.keyword is None:
            unread.append(f"{arg.star}{text}")
            opened = dict.fromkeys(opened, True)
            values["default_mode"] = None
            continue
        keyword = arg.keyword.value
        written.append((keyword, text))
        if keyword in opened:
            known, is_open, parts = _patterns(arg.value, index, 0)
            values[keyword] = tuple(known)
            opened[keyword] = is_open
            items.append((keyword, tuple(parts)))
            if is_open:
                unread.append(f"{keyword}={text}")
        elif keyword == "default_mode":
            mode = _string(arg.value)
            values[keyword] = mode if mode in ("read-only", "mutation") else None
            if values[keyword] is None:
                unread.append(f"{keyword}={text}")
    mutation_tools = values.get("mutation_tools", DEFAULT_MUTATION_TOOLS)
    read_only_tools = values.get("read_only_tools", ())
    default_mode = values.get("default_mode", "read-only")
    assert isinstance(mutation_tools, tuple) and isinstance(read_only_tools, tuple)
    return Applied(
        f"{ENFORCE_POLICY}({server})",
        snippet(target) if target is not None else server,
        mutation_tools,
        read_only_tools,
        "mutation" if default_mode == "mutation" else "read-only" if default_mode else None,
        tuple(unread),
        opened["mutation_tools"],
        opened["read_only_tools"],
        tuple(written),
        tuple(items),
    )


def _patterns(
    expr: cst.BaseExpression, index: ModuleIndex | None, depth: int
) -> tuple[list[str], bool, list[str]]:
    """The name patterns `expr` holds, whether a part is unread, and its items as code
    (`*DEFAULT_MUTATION_TOOLS`, `"a"`) for a remedy that extends it."""
    if isinstance(expr, (cst.Tuple, cst.List, cst.Set)):
        known: list[str] = []
        is_open = False
        parts = []
        for element in expr.elements:
            if isinstance(element, cst.StarredElement):
                inner, inner_open, _ = _patterns(element.value, index, depth + 1)
                known += inner
                is_open = is_open or inner_open
                parts.append(f"*{snippet(element.value)}")
                continue
            value = _string(element.value)
            if value is None:
                is_open = True
            else:
                known.append(value)
            parts.append(snippet(element.value))
        return known, is_open, parts
    spread = [f"*{snippet(expr)}"]
    name = dotted_name(expr)
    if name is not None and name.rsplit(".", 1)[-1] == "DEFAULT_MUTATION_TOOLS":
        return list(DEFAULT_MUTATION_TOOLS), False, spread
    if isinstance(expr, cst.Name) and index is not None and depth < MAX_DEPTH:
        bound = index.constants.get(expr.value)
        if bound is not None:
            known, is_open, _ = _patterns(bound, index, depth + 1)
            return known, is_open, spread
    return [], True, spread


def _string(expr: cst.BaseExpression) -> str | None:
    if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
        value = expr.evaluated_value
        return value if isinstance(value, str) else None
    return None


def applied_to(server: Server, model: ModuleModel) -> Applied | None:
    """The `enforce_policy(server, ...)` call applied to `server`, read: in the module
    judged, or in the one that builds the server. None when the server is enforced
    otherwise (a project's own wrapper, the middleware, a ToolPolicy) or not at all."""
    if not (server.enforced_by or "").startswith(f"{ENFORCE_POLICY}("):
        return None
    project = model.project
    if project is None:
        return None
    indexes: list[ModuleIndex] = []
    if model.path:
        indexes.append(project.add(model.module, Path(model.path)))
    from toolargs.rules.servers import site_of

    site = site_of(server, model)
    if site is not None:
        other = project.module_at(Path(site[0]))
        if other is not None:
            indexes.append(other)
    for index in indexes:
        found = _call_on(server.name, index)
        if found is not None:
            return applied_options(found, index, server.name)
    return None


def _call_on(name: str, index: ModuleIndex) -> cst.Call | None:
    """The `enforce_policy(name, ...)` call of `index` (or `name = enforce_policy(...)`)."""
    bound = index.bound_calls.get(name)
    if bound is not None and last_name(bound.func) == ENFORCE_POLICY:
        return bound
    for call, _ in index.calls:
        if last_name(call.func) != ENFORCE_POLICY or not call.args:
            continue
        target = dotted_name(call.args[0].value) or ""
        if call.args[0].keyword is None and target.rsplit(".", 1)[-1] == name:
            return call
    return None
