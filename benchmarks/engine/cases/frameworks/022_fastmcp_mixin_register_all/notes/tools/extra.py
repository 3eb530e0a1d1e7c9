from fastmcp.contrib.mcp_mixin import mcp_tool

from notes.tools.base import NoteTools


class AllNoteTools(NoteTools):
    @mcp_tool(name="note_tags")
    def tags(self) -> list:
        return self.store.tags()

    @mcp_tool(name="note_search_v2")
    def search(self, query: str) -> list:
        return self.store.search(query, fuzzy=True)
