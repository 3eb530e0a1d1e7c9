"""Probing each listed tool: which calls to make, in which order, and the verdicts.

Works on a `Caller`, so the whole plan runs against a fake in unit tests and against
the SDK client (`toolargs.probe.client`) for real. Mutation tools are called only when
the run allows it: nothing here calls one otherwise.
"""

from __future__ import annotations

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


class Caller(Protocol):
    async def call(self, name: str, arguments: dict[str, Any]) -> Reply: ...


@dataclass(frozen=True)
class Options:
    mutations: bool = False  # call mutation tools (a disposable instance only)
    values: dict[str, Any] = field(default_factory=dict)  # --value NAME=JSON
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
            **fields,
        )

    not_probed = {"probed": False, "unknown_keys": None, "conforms": None}
    alias_na = "n/a" if choice.mode == "mutation" else None
    if choice.mode == "mutation" and not options.mutations:
        return result(**not_probed, alias=alias_na, note="mutation: not called without --mutations")
    try:
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
    alias = await _alias(recorder, tool, arguments, unknown, without_key, config)
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


async def _alias(
    recorder: _Recorder,
    tool: ListedTool,
    arguments: dict[str, Any],
    unknown: Verdict,
    without_key: Reply | None,
    config: Config,
) -> Verdict:
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
    baseline = without_key or await recorder.call(tool.name, dict(arguments))
    at_canonical = await recorder.call(tool.name, {**arguments, canonical: 1})
    at_canonical_again = await recorder.call(tool.name, {**arguments, canonical: 1})
    at_alias = await recorder.call(tool.name, {**arguments, alias_name: 1})
    return judging.alias(
        alias_name, canonical, baseline, at_canonical, at_canonical_again, at_alias
    )


def _alias_tells_more(unknown: Verdict, alias: Verdict) -> bool:
    """Show the alias call's response when the unknown key was handled well but the alias not."""
    return unknown.conforms is True and alias.conforms is not True and bool(alias.evidence)


def _combined(*verdicts: bool | None) -> bool | None:
    if any(v is False for v in verdicts):
        return False
    if all(v is True for v in verdicts):
        return True
    return None
