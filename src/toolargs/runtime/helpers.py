"""The helpers a tool handler calls to follow the tool argument validation policy.

Read-only tools are lenient and visible: they accept their schema keys plus the aliases
of their limit field, and report every other key back as `unknown_args`. Mutation tools
are strict: they reject unknown keys with `MissingParam` before any side effect.
`with_unknown_args` is the one rule for putting `unknown_args` in a response of any shape.
Standard library only.
"""

from __future__ import annotations

import copy
import json
import os
import sys
from collections.abc import Collection, Mapping, MutableMapping, Sequence
from typing import Any, TypeVar, cast

__all__ = [
    "DEFAULT_ALIASES",
    "LIMIT_FIELDS",
    "STRICT_ARGS_ENV",
    "MissingParam",
    "collect_unknown_args",
    "optional_usize_with_aliases",
    "reject_unknown_args",
    "strict_args_enabled",
    "unknown_args_block_text",
    "with_unknown_args",
]

DEFAULT_ALIASES: tuple[str, ...] = ("limit", "top_k")
"""Aliases accepted for a limit field, tried in this order after the canonical name."""

LIMIT_FIELDS: tuple[str, ...] = ("max_results", "max_matches")
"""Canonical limit fields: a read-only tool whose schema has one accepts the aliases."""

STRICT_ARGS_ENV = "TOOLARGS_STRICT_ARGS"
"""Set to 1 in the server's environment to reject unknown keys on read-only tools too."""

# Set on a callable enforcement put in place, so that enforcing twice changes nothing (for
# the framework modules of this package).
ENFORCED_MARK = "__toolargs_enforced__"

_TRUE = frozenset({"1", "true", "yes", "on"})

ResultT = TypeVar("ResultT")


class MissingParam(ValueError):
    """The one error for a missing or rejected parameter.

    `param` is the key concerned; when not given it is taken from a message of the
    form "unknown arg: <key>", so errors raised by hand carry it too. `unknown` holds
    every unknown key of the call when the error rejects unknown keys.
    """

    # Its public home: tracebacks and pickles name toolargs.runtime.MissingParam.
    __module__ = "toolargs.runtime"

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


def with_unknown_args(result: ResultT, unknown: Sequence[str]) -> ResultT:
    """`result` with the call's unknown keys made visible; unchanged when there are none.

    The one rule for every response shape (docs/runtime.md):
    - a dict gets the key `"unknown_args"` (the dict itself is updated and returned);
    - a list or tuple of content blocks gets one more text block holding
      `{"unknown_args": [...]}` after its own blocks: a dict block when the blocks are
      dicts, else one built with the blocks' own class (a new list or tuple is returned);
    - a result object with `content` (CallToolResult-like) gets that block appended to a
      copy of its content, and the key in its structured content when it has a dict there;
    - a string holding a JSON object (a hand-written server's `json.dumps(...)`) becomes
      that object's JSON text with the key added, so whoever parses it still can;
    - any other string becomes a list of two dict text blocks: the string, then that
      block.
    A clean call gets nothing: older clients compare whole responses.
    """
    return attach_unknown_args(result, unknown, structured=True)


def unknown_args_block_text(unknown: Sequence[str]) -> str:
    """The text of the block that carries `unknown_args` in a list of content blocks."""
    return json.dumps({"unknown_args": list(unknown)})


def attach_unknown_args(result: ResultT, unknown: Sequence[str], *, structured: bool) -> ResultT:
    """`with_unknown_args`, optionally leaving structured content alone (an output schema
    closed to extra keys would make the framework refuse the result). For the framework
    modules of this package."""
    if not unknown:
        return result
    if isinstance(result, MutableMapping):
        result["unknown_args"] = list(unknown)
        return result
    if isinstance(result, str):
        as_object = _json_object(result)
        if as_object is not None:  # JSON text stays JSON text, with the key in it
            as_object["unknown_args"] = list(unknown)
            return cast(ResultT, json.dumps(as_object))
        text = unknown_args_block_text(unknown)
        return cast(ResultT, [_text_block(None, result), _text_block(None, text)])
    if isinstance(result, (list, tuple)):
        appended = [*result, _block_like(result, unknown)]
        return cast(ResultT, appended if isinstance(result, list) else tuple(appended))
    content = getattr(result, "content", None)
    if isinstance(content, (list, tuple)):
        return cast(ResultT, _result_with(result, list(content), unknown, structured))
    raise TypeError(
        "with_unknown_args needs a dict, a list of content blocks, a string or a result "
        f"with content, got {type(result).__name__}"
    )


def _json_object(text: str) -> dict[str, Any] | None:
    """The JSON object `text` holds, or None when it holds anything else."""
    if not text.lstrip().startswith("{"):
        return None
    try:
        found = json.loads(text)
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


def _text_block(kind: type[Any] | None, text: str) -> Any:
    if kind is None:
        return {"type": "text", "text": text}
    return kind(type="text", text=text)


def _block_like(blocks: Sequence[Any], unknown: Sequence[str]) -> Any:
    """A text block holding `{"unknown_args": [...]}` of the same kind as `blocks`."""
    text = unknown_args_block_text(unknown)
    if not blocks or any(isinstance(block, Mapping) for block in blocks):
        return _text_block(None, text)
    for block in blocks:
        if getattr(block, "type", None) == "text":
            return _text_block(type(block), text)
    # No text block to copy (only images, say): the text class of the blocks' own module.
    module = sys.modules.get(type(blocks[0]).__module__)
    text_class = getattr(module, "TextContent", None)
    return _text_block(text_class if isinstance(text_class, type) else None, text)


_STRUCTURED_FIELDS = ("structured_content", "structuredContent")  # SDK 2.x, fastmcp; 1.x


def _result_with(result: Any, content: list[Any], unknown: Sequence[str], structured: bool) -> Any:
    update: dict[str, Any] = {"content": [*content, _block_like(content, unknown)]}
    for name in _STRUCTURED_FIELDS:
        if hasattr(result, name):
            value = getattr(result, name)
            if structured and isinstance(value, Mapping):
                update[name] = {**value, "unknown_args": list(unknown)}
            break
    model_copy = getattr(result, "model_copy", None)
    if callable(model_copy):  # a pydantic model: CallToolResult
        return model_copy(update=update)
    changed = copy.copy(result)
    for name, value in update.items():
        setattr(changed, name, value)
    return changed


def closed_to_extra_keys(schema: object) -> bool:
    """Whether a JSON schema forbids keys outside its properties (`additionalProperties:
    false`): a framework refuses an `unknown_args` key in structured content it governs."""
    return isinstance(schema, Mapping) and schema.get("additionalProperties", True) is False
