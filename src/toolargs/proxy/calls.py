"""One `tools/call` through the proxy: the policy's decision and the answer it changes.

The policy is `toolargs.runtime.ToolPolicy`, built from the upstream's own `tools/list`
(schemas and annotations), the same object a Python server uses; the proxy adds only
what it is configured with, which comes before what a tool declares.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from toolargs.proxy.settings import ProxySettings
from toolargs.runtime import MissingParam, ToolPolicy, with_unknown_args


@dataclass(frozen=True)
class Forward:
    """Send the call on, with `arguments` (None: the original request, untouched)."""

    arguments: dict[str, Any] | None
    unknown_args: list[str]


@dataclass(frozen=True)
class Refuse:
    """Answer the call with a tool error; the upstream never sees it."""

    message: str

    def result(self) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": self.message}], "isError": True}


class ProxyPolicy:
    """The policy of every tool the upstream lists, with the proxy's configuration."""

    def __init__(self, tools: Iterable[Mapping[str, Any]], settings: ProxySettings) -> None:
        listed = [t for t in tools if isinstance(t, Mapping) and isinstance(t.get("name"), str)]
        self.policy = ToolPolicy.from_tools(
            listed,
            default_mode=settings.default_mode,
            limit_fields=settings.limit_fields,
            aliases=settings.aliases,
        )
        for name, tool in self.policy.tools.items():
            mode = settings.configured_mode(name)
            if mode is not None and mode != tool.mode:
                self.policy.tools[name] = dataclasses.replace(tool, mode=mode)
        # Structured content gets `unknown_args` unless the output schema forbids extra
        # keys: the client validates it against that schema.
        self._closed_output = {
            str(t["name"]) for t in listed if _closed(t.get("outputSchema"))
        }

    def __contains__(self, name: object) -> bool:
        return name in self.policy

    def mode(self, name: str) -> str:
        return self.policy.tools[name].mode

    def decide(self, name: str, arguments: object) -> Forward | Refuse:
        try:
            resolution = self.policy.resolve(name, arguments)
        except MissingParam as exc:
            return Refuse(str(exc))
        # A clean call, or arguments that are not an object (the upstream answers those
        # itself), go on exactly as the client sent them.
        if not isinstance(arguments, Mapping) or resolution.arguments == dict(arguments):
            return Forward(None, [])
        return Forward(resolution.arguments, resolution.unknown_args)

    def answer(self, name: str, result: Mapping[str, Any], unknown: list[str]) -> dict[str, Any]:
        """The upstream's result with the call's unknown keys made visible, by the one rule
        of `with_unknown_args`: a text block after the content, and the key in structured
        content when it is a dict."""
        changed = dict(result)
        content = result.get("content")
        blocks = list(content) if isinstance(content, list) else []
        changed["content"] = with_unknown_args(blocks, unknown)
        structured = result.get("structuredContent")
        if isinstance(structured, Mapping) and name not in self._closed_output:
            changed["structuredContent"] = with_unknown_args(dict(structured), unknown)
        return changed


def _closed(schema: object) -> bool:
    return isinstance(schema, Mapping) and schema.get("additionalProperties") is False
