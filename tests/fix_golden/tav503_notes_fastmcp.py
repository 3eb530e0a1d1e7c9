"""Notes server on standalone fastmcp, which rejects unknown keys before any tool runs."""

from pathlib import Path

from fastmcp import FastMCP
from mcp.types import ToolAnnotations

NOTES = Path.home() / "notes"

mcp = FastMCP("notes")


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
def search_notes(query: str, max_results: int = 20) -> list[str]:
    """Names of the notes whose text contains the query."""
    hits = [p.stem for p in sorted(NOTES.glob("*.md")) if query in p.read_text()]
    return hits[:max_results]


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
def read_note(name: str) -> str:
    """The text of one note."""
    return (NOTES / f"{name}.md").read_text()


if __name__ == "__main__":
    mcp.run()
