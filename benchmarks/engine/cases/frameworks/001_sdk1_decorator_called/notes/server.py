from mcp.server.fastmcp import FastMCP

mcp = FastMCP("notes")
NOTES: dict[str, str] = {}


@mcp.tool()
def search_notes(query: str) -> list[str]:
    """Names of the notes whose text contains the query."""
    return [name for name, text in NOTES.items() if query in text]


@mcp.tool()
def save_note(name: str, text: str) -> str:
    """Create or replace a note."""
    NOTES[name] = text
    return name


if __name__ == "__main__":
    mcp.run()
