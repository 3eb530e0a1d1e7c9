"""Vector search server: `top_k` missing from the key list, so it is reported as unknown."""

from __future__ import annotations

from typing import Any

from toolserver import ToolServer
from vectors import VectorIndex

from toolargs.runtime import (
    DEFAULT_ALIASES,
    collect_unknown_args,
    optional_usize_with_aliases,
    with_unknown_args,
)

server = ToolServer("vectors")
index = VectorIndex.load("index.faiss")

SIMILAR_ARGS = frozenset({"text", "max_results", "limit"})


@server.tool(
    "similar",
    input_schema={
        "type": "object",
        "properties": {
            "text": {"type": "string"},
            "max_results": {"type": "integer", "default": 5},
        },
        "required": ["text"],
    },
    annotations={"readOnlyHint": True},
)
def similar(args: dict[str, Any]) -> dict[str, Any]:
    unknown = collect_unknown_args(args, SIMILAR_ARGS)
    k = optional_usize_with_aliases(args, "max_results", DEFAULT_ALIASES, 5)
    return with_unknown_args({"matches": index.nearest(args["text"], k)}, unknown)
