from chuk_mcp_server import ChukMCPServer

mcp = ChukMCPServer("notes")


@mcp.tool(read_only_hint=True)
def search_notes(query: str) -> list[str]:
    """Notes matching the query."""
    return [query]


@mcp.tool(read_only_hint=False, destructive_hint=True)
def delete_note(title: str) -> str:
    """Delete a note."""
    return title


@mcp.tool(destructive_hint=True)
def purge_notes() -> int:
    """Delete every note."""
    return 0
