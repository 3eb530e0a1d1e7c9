"""Runtime helpers for the tool argument validation policy.

Read-only tools are lenient and visible: they accept their schema keys plus the aliases
of their limit field, and report every other key back as `unknown_args`. Mutation tools
are strict: they reject unknown keys with `MissingParam` before any side effect.

Standard library only, so that any MCP server can import it at no cost. The central
enforcement, `ToolPolicy` (toolargs.policy) and `enforce_policy` (toolargs.frameworks),
is importable from here too and loaded on first use.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping, MutableMapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from toolargs.frameworks import enforce_policy
    from toolargs.policy import Resolution, ToolPolicy

__all__ = [
    "DEFAULT_ALIASES",
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
    "with_unknown_args",
]

DEFAULT_ALIASES: tuple[str, ...] = ("limit", "top_k")
"""Aliases accepted for a limit field, tried in this order after the canonical name."""

LIMIT_FIELDS: tuple[str, ...] = ("max_results", "max_matches")
"""Canonical limit fields: a read-only tool whose schema has one accepts the aliases."""

STRICT_ARGS_ENV = "TOOLARGS_STRICT_ARGS"
"""Set to 1 in the server's environment to reject unknown keys on read-only tools too."""

_TRUE = frozenset({"1", "true", "yes", "on"})

PayloadT = TypeVar("PayloadT", bound=MutableMapping[str, Any])


class MissingParam(ValueError):
    """The one error for a missing or rejected parameter.

    `param` is the key concerned; when not given it is taken from a message of the
    form "unknown arg: <key>", so errors raised by hand carry it too. `unknown` holds
    every unknown key of the call when the error rejects unknown keys.
    """

    def __init__(
        self, message: str, *, param: str | None = None, unknown: Sequence[str] = ()
    ) -> None:
        super().__init__(message)
        self.param: str = param if param is not None else message.rpartition(": ")[2]
        self.unknown: tuple[str, ...] = tuple(unknown)


def optional_usize_with_aliases(
    args: object, canonical: str, aliases: Sequence[str], default: int
) -> int:
    """The first non-negative int among `args[canonical]`, then `args[alias]` in order.

    The canonical name wins on collision. Values JSON would not give as a count
    (`True`, `"10"`, `-1`, `10.0`, `None`) are skipped; `args` is never modified.
    """
    if not isinstance(args, Mapping):
        return default
    names = (aliases,) if isinstance(aliases, str) else tuple(aliases)
    for name in (canonical, *names):
        value = args.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
    return default


def _unknown_keys(args: object, known: Collection[str]) -> list[str]:
    if not isinstance(args, Mapping):
        return []
    # `_`-prefixed keys are harness metadata (`_meta`, `_session_id`), never unknown.
    return sorted(
        str(key)
        for key in args
        if not (isinstance(key, str) and (key in known or key.startswith("_")))
    )


def _rejection(unknown: list[str]) -> MissingParam:
    return MissingParam(f"unknown arg: {unknown[0]}", param=unknown[0], unknown=unknown)


def strict_args_enabled() -> bool:
    """Whether TOOLARGS_STRICT_ARGS asks for read-only tools to reject unknown keys.

    Read on every call, so a server (or a test) can switch it without reloading.
    """
    return os.environ.get(STRICT_ARGS_ENV, "").strip().lower() in _TRUE


def collect_unknown_args(args: object, known: Collection[str]) -> list[str]:
    """Sorted keys of `args` outside `known` (and not starting with `_`).

    A read-only handler returns them as `unknown_args`. With TOOLARGS_STRICT_ARGS=1 a
    non-empty result raises `MissingParam` instead.
    """
    unknown = _unknown_keys(args, known)
    if unknown and strict_args_enabled():
        raise _rejection(unknown)
    return unknown


def reject_unknown_args(args: object, known: Collection[str]) -> None:
    """Raise `MissingParam("unknown arg: <key>")` when `args` has a key outside `known`.

    A mutation handler calls it first, before any side effect: a mistyped key on an
    edit is a wrong edit. The error names the first sorted key and carries them all.
    """
    unknown = _unknown_keys(args, known)
    if unknown:
        raise _rejection(unknown)


def with_unknown_args(payload: PayloadT, unknown: Sequence[str]) -> PayloadT:
    """Add `"unknown_args": unknown` to `payload` only when `unknown` is non-empty.

    A clean call gets no `unknown_args` key at all: older clients compare whole
    responses.
    """
    if unknown:
        if not isinstance(payload, MutableMapping):
            raise TypeError(
                f"with_unknown_args needs a dict payload, got {type(payload).__name__}"
            )
        payload["unknown_args"] = list(unknown)
    return payload


_LAZY = {"Resolution": "policy", "ToolPolicy": "policy", "enforce_policy": "frameworks"}


def __getattr__(name: str) -> Any:
    # The central enforcement is loaded on first use, keeping this module's import tiny.
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"toolargs.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
