from fastmcp import FastMCP
from fastmcp.experimental.transforms.code_mode import CodeMode

mcp = FastMCP("notes")


@mcp.tool()
def search_notes(query: str) -> list[str]:
    """Notes matching the query."""
    return [query]


@mcp.tool()
def delete_note(title: str) -> str:
    """Delete a note."""
    return title


mcp.add_transform(CodeMode())
