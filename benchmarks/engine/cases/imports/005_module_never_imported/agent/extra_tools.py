from agent.server import mcp


@mcp.tool()
def reflect(notes: str) -> str:
    return notes
