from fastmcp.contrib.mcp_mixin import MCPMixin, mcp_tool


class NoteTools(MCPMixin):
    def __init__(self, store):
        super().__init__()
        self.store = store

    @mcp_tool(name="note_search", annotations={"readOnlyHint": True})
    def search(self, query: str) -> list:
        return self.store.search(query)

    @mcp_tool()
    def delete_note(self, note_id: str) -> bool:
        return self.store.delete(note_id)

    @mcp_tool(name="note_export", enabled=False)
    def export(self, path: str) -> str:
        return self.store.export(path)

    def helper(self) -> None:
        pass
