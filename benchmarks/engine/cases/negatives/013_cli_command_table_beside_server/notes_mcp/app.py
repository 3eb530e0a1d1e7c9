from fastmcp import FastMCP

from notes_mcp.store import NoteStore

mcp = FastMCP("notes")
_store: NoteStore | None = None


def get_store() -> NoteStore:
    global _store
    if _store is None:
        _store = NoteStore()
    return _store


@mcp.tool
def add_note(text: str) -> int:
    """Store a note."""
    return get_store().add(text)


@mcp.tool
def search_notes(query: str, limit: int = 5) -> list[str]:
    """Notes containing the query."""
    return get_store().search(query)[:limit]
