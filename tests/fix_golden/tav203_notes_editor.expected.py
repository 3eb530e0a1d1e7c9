"""Notes server whose mutation tools report unknown keys instead of rejecting them."""

from __future__ import annotations

from typing import Any

from notes import NoteBook
from toolserver import ToolServer

from toolargs.runtime import reject_unknown_args

server = ToolServer("notes")
book = NoteBook.open("notes")

RENAME_NOTE_ARGS = ("title", "new_title")
TAG_NOTE_SCHEMA = {
    "type": "object",
    "properties": {"title": {"type": "string"}, "tags": {"type": "array"}},
    "required": ["title", "tags"],
}
TAG_NOTE_KNOWN_ARGS = ("title", "tags")


@server.tool(
    "rename_note",
    input_schema={
        "type": "object",
        "properties": {"title": {"type": "string"}, "new_title": {"type": "string"}},
        "required": ["title", "new_title"],
    },
    annotations={"readOnlyHint": False},
)
def rename_note(args: dict[str, Any]) -> dict[str, Any]:
    """Rename a note and update the links to it."""
    reject_unknown_args(args, RENAME_NOTE_ARGS)
    note = book.rename(args["title"], args["new_title"])
    return {"renamed": note.title}


@server.tool("tag_note", input_schema=TAG_NOTE_SCHEMA, annotations={"destructiveHint": True})
def tag_note(args: dict[str, Any]) -> dict[str, Any]:
    reject_unknown_args(args, TAG_NOTE_KNOWN_ARGS)
    note = book.tag(args["title"], args["tags"])
    payload = {"title": note.title, "tags": sorted(note.tags)}
    return payload
