from core.server import server


@server.tool()
def send_message(to: str, subject: str, body: str) -> str:
    """Send an email."""
    return f"sent to {to}"
