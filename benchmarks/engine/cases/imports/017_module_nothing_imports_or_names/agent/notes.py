from agent.server import mcp


@mcp.tool()
def add_note(text: str) -> str:
    return text
