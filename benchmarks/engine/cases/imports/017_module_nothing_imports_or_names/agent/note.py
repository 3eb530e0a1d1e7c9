# The single-note tool, superseded by notes.py; nothing imports this module.
from agent.server import mcp


@mcp.tool()
def add_single_note(text: str) -> str:
    return text
