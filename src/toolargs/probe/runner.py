"""Probing each listed tool: which calls to make, in which order, and the verdicts.

Works on a `Caller`, so the whole plan runs against a fake in unit tests and against
the SDK client (`toolargs.probe.client`) for real. Mutation tools, and tools whose
read-only mode is only a guess (a name, the default), are called only when the run
allows it (`--mutations`): nothing here calls one otherwise.

The alias check needs arguments for which a limit of 1 changes the answer (a search
whose query matches nothing answers the same with and without it): it tries the given
or synthesised arguments, then other values for each required string (the schema's
enum, examples and default, the empty string, single common letters) until one does,
and says what it tried when none did.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from toolargs.config import Config, Mode
from toolargs.model import ToolReport
from toolargs.probe import judging
from toolargs.probe.judging import Verdict
from toolargs.probe.listing import ListedTool, ModeChoice
from toolargs.probe.replies import Reply
from toolargs.probe.synthesis import (
    Unsynthesisable,
    properties_of,
    synthesise_arguments,
    unknown_key_for,
)

UNKNOWN_VALUE = 1
# Values tried for a required string when the first arguments do not tell a limit of 1
# from none: the schema's own (enum, examples, default) first, then these.
COMMON_STRINGS = ("", "a", "e", "s", "t", "1")
MAX_ALIAS_TRIES = 8  # argument sets tried, the first included


class Caller(Protocol):
    async def call(self, name: str, arguments: dict[str, Any]) -> Reply: ...


@dataclass(frozen=True)
class Options:
    mutations: bool = False  # call mutation tools (a disposable instance only)
    values: dict[str, Any] = field(default_factory=dict)  # --value NAME=JSON
    args: dict[str, dict[str, Any]] = field(default_factory=dict)  # --args TOOL=JSON
    strict_env: bool = False  # TOOLARGS_STRICT_ARGS is set for the server
    config: Config = field(default_factory=Config)


@dataclass(frozen=True)
class ToolResult:
    name: str
    mode: Mode
    mode_source: str
    probed: bool
    unknown_keys: str | None  # reported / rejected / dropped / inconclusive; None: not probed
    alias: str | None  # honoured / ignored / n/a / inconclusive; None: not probed
    conforms: bool | None
    static: ToolReport | None
    evidence: str = ""
    note: str = ""  # why not probed, or what a verdict means
    calls: tuple[tuple[str, dict[str, Any]], ...] = ()
    mode_established: bool = True  # False: read-only only by a name or the default


class ServerGone(Exception):
    """The connection ended during a call: the server exited or stopped answering."""

    def __init__(self, result: ToolResult, reply: Reply) -> None:
        super().__init__(reply.message)
        self.result = result
        self.reply = reply


class _Recorder:
    """Forwards calls and remembers them; a closed connection ends the probe."""

    def __init__(self, caller: Caller) -> None:
        self.caller = caller
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.closed: Reply | None = None

    async def call(self, name: str, arguments: dict[str, Any]) -> Reply:
        self.calls.append((name, dict(arguments)))
        reply = await self.caller.call(name, arguments)
        if reply.outcome == "closed":
            self.closed = reply
        return reply


async def probe_tool(
    caller: Caller,
    tool: ListedTool,
    choice: ModeChoice,
    static: ToolReport | None,
    options: Options,
) -> ToolResult:
    """Probe one tool; raises ServerGone (holding its result) when the server went away."""
    recorder = _Recorder(caller)

    def result(**fields: Any) -> ToolResult:
        return ToolResult(
            name=tool.name,
            mode=choice.mode,
            mode_source=choice.source,
            static=static,
            calls=tuple(recorder.calls),
            mode_established=choice.established,
            **fields,
        )

    not_probed = {"probed": False, "unknown_keys": None, "conforms": None}
    alias_na = "n/a" if choice.mode == "mutation" else None
    if choice.mode == "mutation" and not options.mutations:
        return result(**not_probed, alias=alias_na, note="mutation: not called without --mutations")
    if not choice.established and not options.mutations:
        return result(**not_probed, alias=alias_na, note=unestablished_note(choice, static))
    given = options.args.get(tool.name)
    try:
        if given is not None:
            arguments = dict(given)
        else:
            arguments = synthesise_arguments(tool.input_schema, options.values)
    except Unsynthesisable as exc:
        skipped = f"skipped: arguments not synthesisable: {exc}"
        return result(**not_probed, alias=alias_na, note=skipped)
    config = options.config
    key = unknown_key_for(tool.input_schema, avoid=(*config.aliases, *config.limit_fields))
    with_key = await recorder.call(tool.name, {**arguments, key: UNKNOWN_VALUE})
    if choice.mode == "mutation":
        verdict = judging.mutation_unknown_keys(key, with_key)
        outcome = result(
            probed=True,
            unknown_keys=verdict.value,
            alias="n/a",
            conforms=verdict.conforms,
            evidence=verdict.evidence,
            note=verdict.note,
        )
        return _checked(outcome, recorder)
    without_key: Reply | None = None
    if with_key.answered and with_key.failed and not with_key.names(key):
        without_key = await recorder.call(tool.name, dict(arguments))
    unknown = judging.read_only_unknown_keys(key, with_key, without_key, options.strict_env)
    alias = await _alias(
        recorder, tool, arguments, unknown, without_key, config, fixed=given is not None,
        chosen=set(options.values),
    )
    notes = [note for note in (unknown.note, alias.note) if note]
    outcome = result(
        probed=True,
        unknown_keys=unknown.value,
        alias=alias.value,
        conforms=_combined(unknown.conforms, alias.conforms),
        evidence=alias.evidence if _alias_tells_more(unknown, alias) else unknown.evidence,
        note="; ".join(notes),
    )
    return _checked(outcome, recorder)


def _checked(outcome: ToolResult, recorder: _Recorder) -> ToolResult:
    if recorder.closed is not None:
        raise ServerGone(outcome, recorder.closed)
    return outcome


def unestablished_note(choice: ModeChoice, static: ToolReport | None) -> str:
    """Why a tool of unknown mode was not called, and what would call it."""
    how = "--mutations calls it"
    if static is None:
        how += ", --source PATH lets its code decide"
    return (
        f"mode not established, not called: read-only only by {choice.source}, and it may "
        f"write; {how}, a listed readOnlyHint: true establishes it"
    )


async def _alias(
    recorder: _Recorder,
    tool: ListedTool,
    arguments: dict[str, Any],
    unknown: Verdict,
    without_key: Reply | None,
    config: Config,
    fixed: bool = False,
    chosen: set[str] | None = None,
) -> Verdict:
    """`fixed`: the arguments are the user's example call (--args), tried alone; `chosen`:
    properties the user gave values for (--value), never varied."""
    properties = properties_of(tool.input_schema)
    canonical = next((f for f in config.limit_fields if f in properties), None)
    if canonical is None or not config.aliases:
        return Verdict("n/a", True, "")
    alias_name = config.aliases[0]
    if recorder.closed is not None:
        return Verdict("inconclusive", None, "", "")
    if unknown.value == "inconclusive":
        return Verdict("inconclusive", None, "", "alias not compared: the tool cannot be judged")
    if canonical in arguments:
        return Verdict("inconclusive", None, "", f"alias not compared: {canonical} is required")
    candidates = [arguments]
    if not fixed:
        candidates += list(alias_candidates(tool.input_schema, arguments, chosen or set()))
    tried: list[str] = []
    first: tuple[Reply, Reply] | None = None
    for number, candidate in enumerate(candidates[:MAX_ALIAS_TRIES]):
        baseline = (
            without_key if number == 0 and without_key is not None
            else await recorder.call(tool.name, dict(candidate))
        )
        at_canonical = await recorder.call(tool.name, {**candidate, canonical: 1})
        tried.append(_shown(candidate, arguments, number))
        if recorder.closed is not None:
            return Verdict("inconclusive", None, "", "")
        first = first or (baseline, at_canonical)
        decides = (
            baseline.answered and not baseline.failed and at_canonical.answered
            and not at_canonical.failed and at_canonical.normalised() != baseline.normalised()
        )
        if not decides:
            continue
        at_canonical_again = await recorder.call(tool.name, {**candidate, canonical: 1})
        at_alias = await recorder.call(tool.name, {**candidate, alias_name: 1})
        verdict = judging.alias(
            alias_name, canonical, baseline, at_canonical, at_canonical_again, at_alias
        )
        if number == 0:
            return verdict
        used = f"with {tried[-1]}, where {canonical}=1 changes the answer"
        return Verdict(
            verdict.value, verdict.conforms, verdict.evidence,
            "; ".join(part for part in (verdict.note, used) if part),
        )
    # No arguments made the limit matter: the alias can still be refused or reported
    # as unknown on the first ones, which says "ignored" without a comparison.
    assert first is not None
    baseline, at_canonical = first
    at_canonical_again = await recorder.call(tool.name, {**arguments, canonical: 1})
    at_alias = await recorder.call(tool.name, {**arguments, alias_name: 1})
    verdict = judging.alias(
        alias_name, canonical, baseline, at_canonical, at_canonical_again, at_alias
    )
    if verdict.value != "inconclusive":
        return verdict
    how = f"give an example call that returns several results: --args {tool.name}='{{...}}'"
    return Verdict(
        "inconclusive",
        None,
        verdict.evidence,
        f"{canonical}=1 never changed the answer for the arguments tried "
        f"({'; '.join(tried)}): nothing to compare; {how}",
    )


def alias_candidates(
    schema: object, arguments: dict[str, Any], chosen: set[str]
) -> list[dict[str, Any]]:
    """Other arguments to try, one required string varied at a time: the schema's enum,
    examples and default for it, then the empty string and single common letters."""
    if not isinstance(schema, dict):
        return []
    properties = schema.get("properties")
    required = schema.get("required")
    if not isinstance(properties, dict) or not isinstance(required, list):
        return []
    found: list[dict[str, Any]] = []
    for name in required:
        spec = properties.get(name)
        if name in chosen or not isinstance(spec, dict) or not _is_string(spec):
            continue
        values: list[Any] = []
        for key in ("enum", "examples"):
            if isinstance(spec.get(key), list):
                values += spec[key]
        for key in ("example", "default"):
            if key in spec:
                values.append(spec[key])
        values += COMMON_STRINGS
        for value in dict.fromkeys(v for v in values if isinstance(v, str)):
            if value != arguments.get(name) and _fits(spec, value):
                found.append({**arguments, name: value})
    return found


def _is_string(spec: dict[str, Any]) -> bool:
    kind = spec.get("type")
    if kind == "string" or (isinstance(kind, list) and "string" in kind):
        return True
    options = spec.get("anyOf") or spec.get("oneOf")
    return isinstance(options, list) and any(
        isinstance(o, dict) and o.get("type") == "string" for o in options
    )


def _fits(spec: dict[str, Any], value: str) -> bool:
    minimum, maximum = spec.get("minLength"), spec.get("maxLength")
    if isinstance(minimum, int) and len(value) < minimum:
        return False
    if isinstance(maximum, int) and len(value) > maximum:
        return False
    enum = spec.get("enum")
    return not isinstance(enum, list) or value in enum


def _shown(candidate: dict[str, Any], first: dict[str, Any], number: int) -> str:
    """The argument that differs from the first set (`query=''`), or the first set."""
    changed = {k: v for k, v in candidate.items() if first.get(k) != v}
    if number == 0 or not changed:
        return "the arguments " + (json_text(first) if first else "{}")
    return ", ".join(f"{k}={json_text(v)}" for k, v in changed.items())


def json_text(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _alias_tells_more(unknown: Verdict, alias: Verdict) -> bool:
    """Show the alias call's response when the unknown key was handled well but the alias not."""
    return unknown.conforms is True and alias.conforms is not True and bool(alias.evidence)


def _combined(*verdicts: bool | None) -> bool | None:
    if any(v is False for v in verdicts):
        return False
    if all(v is True for v in verdicts):
        return True
    return None
