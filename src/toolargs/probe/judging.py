"""Verdicts from replies: what the server did with an unknown key and with the alias.

Pure functions of the replies the runner collected; nothing here calls a server.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from toolargs.probe.replies import Reply

UnknownKeys = Literal["reported", "rejected", "dropped", "inconclusive"]
AliasVerdict = Literal["honoured", "ignored", "n/a", "inconclusive"]


@dataclass(frozen=True)
class Verdict:
    value: str
    conforms: bool | None  # None: the replies cannot tell
    evidence: str
    note: str = ""


def policy_message(key: str) -> str:
    return f"unknown arg: {key}"


def read_only_unknown_keys(
    key: str, with_key: Reply, without_key: Reply | None, strict_env: bool
) -> Verdict:
    """A read-only tool must answer and report `key` in `unknown_args`.

    `without_key` is the same call without the unknown key; the runner makes it only when
    the call with the key failed without naming it, to tell "the key was refused" from
    "the tool fails on the synthesised arguments anyway".
    """
    evidence = with_key.evidence()
    if not with_key.answered:
        return Verdict("inconclusive", None, evidence, _no_answer(with_key))
    if not with_key.failed:
        if with_key.reports(key):
            return Verdict("reported", True, evidence)
        return Verdict("dropped", False, evidence, f"answered without reporting {key!r}")
    if with_key.names(key):
        if strict_env and policy_message(key) in with_key.text:
            return Verdict("rejected", True, evidence, "rejected as TOOLARGS_STRICT_ARGS asks")
        return Verdict("rejected", False, evidence, "a read-only tool must report, not refuse")
    if without_key is None or not without_key.answered:
        return Verdict("inconclusive", None, evidence, "the tool failed; no call without the key")
    if without_key.failed:
        return Verdict(
            "inconclusive",
            None,
            evidence,
            "the tool fails on the synthesised arguments with or without the unknown key",
        )
    return Verdict(
        "rejected",
        False,
        evidence,
        "fails only with the unknown key (a read-only tool must report, not refuse)",
    )


def alias(
    alias_name: str,
    canonical: str,
    baseline: Reply,
    at_canonical: Reply,
    at_canonical_again: Reply,
    at_alias: Reply,
) -> Verdict:
    """`{alias: 1}` must give what `{canonical: 1}` gives.

    Only a limit that changes the response can show it: when `{canonical: 1}` answers as
    the call without any limit does, the comparison proves nothing (`inconclusive`), and
    so when two identical calls answer differently.
    """
    evidence = at_alias.evidence()
    for reply, what in ((baseline, "without a limit"), (at_canonical, f"with {canonical}=1")):
        if not reply.answered or reply.failed:
            return Verdict("inconclusive", None, reply.evidence(), f"the call {what} failed")
    if not at_alias.answered:
        return Verdict("inconclusive", None, evidence, _no_answer(at_alias))
    if at_alias.failed:
        refused = f"{alias_name}=1 refused, {canonical}=1 accepted"
        return Verdict("ignored", False, evidence, refused)
    if at_alias.reports(alias_name):
        return Verdict("ignored", False, evidence, f"{alias_name} reported as unknown")
    if at_canonical.normalised() != at_canonical_again.normalised():
        return Verdict(
            "inconclusive", None, evidence, "two identical calls answered differently"
        )
    same_as_canonical = at_alias.normalised() == at_canonical.normalised()
    limit_matters = at_canonical.normalised() != baseline.normalised()
    if same_as_canonical and limit_matters:
        return Verdict("honoured", True, evidence)
    if not limit_matters:
        return Verdict(
            "inconclusive",
            None,
            evidence,
            f"{canonical}=1 answers as the call without a limit: nothing to compare",
        )
    if at_alias.normalised() == baseline.normalised():
        return Verdict(
            "ignored", False, evidence, f"{alias_name}=1 answers as the call without a limit"
        )
    return Verdict(
        "inconclusive", None, evidence, f"{alias_name}=1 answers unlike both other calls"
    )


def mutation_unknown_keys(key: str, with_key: Reply) -> Verdict:
    """A mutation tool must refuse `key` before doing anything."""
    evidence = with_key.evidence()
    if not with_key.answered:
        return Verdict("inconclusive", None, evidence, _no_answer(with_key))
    if with_key.failed:
        if policy_message(key) in with_key.text:
            return Verdict("rejected", True, evidence)
        if with_key.names(key):
            return Verdict(
                "rejected",
                True,
                evidence,
                f"refused by the schema or framework, not with '{policy_message(key)}'",
            )
        return Verdict(
            "inconclusive", None, evidence, "the tool failed without naming the unknown key"
        )
    ran = "the tool ran with an unknown key: its side effect happened"
    if with_key.reports(key):
        return Verdict("reported", False, evidence, f"{ran} (lenient pattern on a mutation)")
    return Verdict("dropped", False, evidence, ran)


def _no_answer(reply: Reply) -> str:
    return {
        "timeout": "no answer in time",
        "closed": "the server closed the connection",
        "failure": "the client could not make the call",
    }.get(reply.outcome, "no answer")
