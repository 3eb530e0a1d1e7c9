"""TAV3xx: KNOWN_ARGS is exactly the schema's properties plus the limit aliases."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from toolargs.model import Finding, KnownArgs, Tool
from toolargs.rules.base import Context, checked_dict_handler


def _plural(keys: list[str]) -> dict[str, str]:
    many = len(keys) > 1
    return {
        "keys": ", ".join(f"'{k}'" for k in keys),
        "them": "them" if many else "it",
        "ies": "ies" if many else "y",
        "es": "es" if many else "",
    }


def _checked(tool: Tool) -> KnownArgs | None:
    known = tool.known_args
    if not checked_dict_handler(tool) or known is None:
        return None
    return known


def known_args_match_schema(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV301-TAV305: compare the literal key list with the schema."""
    known = _checked(tool)
    properties = tool.schema.properties
    if known is None or known.keys is None or properties is None:
        return
    node = known.node
    field = context.limit_field(tool)
    aliases = [a for a in context.config.aliases if a not in properties]
    keys = known.keys
    values = {"known": known.label}
    missing = [p for p in properties if p not in keys]
    if missing:
        yield context.finding("TAV301", node, tool, **values, **_plural(missing))
    stray = [k for k in dict.fromkeys(keys) if k not in properties and k not in aliases]
    if stray:
        yield context.finding("TAV302", node, tool, **values, **_plural(stray))
    if field is not None:
        absent = [a for a in aliases if a not in keys]
        if absent:
            yield context.finding("TAV303", node, tool, field=field, **values, **_plural(absent))
    else:
        needless = [a for a in aliases if a in keys]
        if needless:
            yield context.finding("TAV304", node, tool, **values, **_plural(needless))
    duplicates = [k for k, n in Counter(keys).items() if n > 1]
    if duplicates:
        yield context.finding("TAV305", node, tool, **values, **_plural(duplicates))


def known_args_unverifiable(tool: Tool, context: Context) -> Iterator[Finding]:
    """TAV306: a key list that is not a literal cannot be checked against the schema."""
    known = _checked(tool)
    if known is not None and known.keys is None and not known.from_schema:
        node = known.node or tool.anchor
        yield context.finding("TAV306", node, tool, known=known.label, why=known.why_unresolved)


RULES = (known_args_match_schema, known_args_unverifiable)
