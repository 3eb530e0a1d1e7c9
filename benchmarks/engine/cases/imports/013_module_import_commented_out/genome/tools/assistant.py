from ..server import mcp


@mcp.tool()
def ask_genome(question: str) -> str:
    """Answer a question about the genome."""
    return question
