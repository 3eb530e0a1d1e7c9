"""Bookmarks server: a key list edited twice by hand, one key now listed twice."""

from __future__ import annotations

from typing import Any

from bookmarks import Store
from toolserver import ToolServer

from toolargs.runtime import reject_unknown_args

server = ToolServer("bookmarks")
store = Store.open()

ADD_BOOKMARK_ARGS = (
    "url",
    "title",
    "folder",  # where it goes
    "title",
)


@server.tool(
    "add_bookmark",
    input_schema={
        "type": "object",
        "properties": {
            "url": {"type": "string"},
            "title": {"type": "string"},
            "folder": {"type": "string"},
        },
        "required": ["url"],
    },
    annotations={"readOnlyHint": False},
)
def add_bookmark(args: dict[str, Any]) -> dict[str, Any]:
    reject_unknown_args(args, ADD_BOOKMARK_ARGS)
    bookmark = store.add(args["url"], title=args.get("title"), folder=args.get("folder"))
    return {"id": bookmark.id}
