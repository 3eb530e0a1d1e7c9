"""What came back from one tool call, the same whichever SDK major made it.

The client turns each answer into a `Reply` built from the wire form of the result
(`content`, `structuredContent`, `isError`), so judging never touches SDK types.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

Outcome = Literal["result", "error", "timeout", "closed", "failure"]
"""result: a CallToolResult; error: a JSON-RPC error from the server; timeout: no answer
in time; closed: the connection ended (the server exited); failure: the client failed."""

EVIDENCE_CHARS = 300


@dataclass(frozen=True)
class Reply:
    outcome: Outcome
    is_error: bool = False
    texts: tuple[str, ...] = ()
    structured: Any = None
    message: str = ""  # for anything but a result: what went wrong
    blocks: tuple[Any, ...] = field(default=(), compare=False)  # non-text content, as JSON

    @property
    def answered(self) -> bool:
        """The server answered the call (a result or a JSON-RPC error)."""
        return self.outcome in ("result", "error")

    @property
    def failed(self) -> bool:
        """The call was refused or the tool failed: an error result or a JSON-RPC error."""
        return self.outcome == "error" or (self.outcome == "result" and self.is_error)

    @property
    def text(self) -> str:
        if self.outcome != "result":
            return self.message
        parts = list(self.texts)
        if self.structured is not None and not parts:
            parts.append(json.dumps(self.structured, sort_keys=True))
        return "\n".join(parts)

    def names(self, key: str) -> bool:
        return key in self.text or key in json.dumps(self.structured, default=str)

    def unknown_args(self) -> tuple[str, ...] | None:
        """The keys the response reports as unknown, or None when it reports none."""
        found: list[str] = []
        seen = False
        for payload in (self.structured, *(_json(text) for text in self.texts)):
            if isinstance(payload, dict) and "unknown_args" in payload:
                seen = True
                value = payload["unknown_args"]
                if isinstance(value, list):
                    found.extend(str(item) for item in value)
        if not seen:
            return None
        return tuple(dict.fromkeys(found))

    def reports(self, key: str) -> bool:
        unknown = self.unknown_args()
        if unknown is not None:
            return key in unknown
        # A response that is not JSON can still say it in words.
        return "unknown_args" in self.text and key in self.text

    def normalised(self) -> tuple[Any, ...]:
        """The response with its unknown_args report left out, for comparing two calls."""
        texts = []
        for text in self.texts:
            payload = _json(text)
            if isinstance(payload, dict) and "unknown_args" in payload:
                rest = {k: v for k, v in payload.items() if k != "unknown_args"}
                if not rest:
                    continue
                texts.append(json.dumps(rest, sort_keys=True))
            else:
                texts.append(text)
        structured = self.structured
        if isinstance(structured, dict):
            structured = {k: v for k, v in structured.items() if k != "unknown_args"}
        return (self.outcome, self.is_error, tuple(texts), _canonical(structured), self.blocks)

    def evidence(self, limit: int = EVIDENCE_CHARS) -> str:
        if self.outcome == "result":
            prefix = "error: " if self.is_error else ""
            text = self.text or ("(no text content)" if not self.blocks else "(non-text content)")
        else:
            prefix = {"error": "JSON-RPC error: ", "timeout": "", "closed": "", "failure": ""}[
                self.outcome
            ]
            text = self.message
        return shorten(prefix + text, limit)


def shorten(text: str, limit: int = EVIDENCE_CHARS) -> str:
    one_line = " ".join(text.split())
    if len(one_line) <= limit:
        return one_line
    return one_line[: max(limit - 3, 0)].rstrip() + "..."


def _json(text: str) -> Any:
    text = text.strip()
    if not text.startswith(("{", "[")):
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)
