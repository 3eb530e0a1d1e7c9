from core.server import server


@server.tool()
def create_event(title: str, start: str) -> str:
    """Create a calendar event."""
    return f"created {title}"
