from datetime import date

from mcp.server.mcpserver import MCPServer

server = MCPServer("calendar")
EVENTS: list[dict] = []


@server.tool()
def list_events(day: str) -> list[dict]:
    return [e for e in EVENTS if e["day"] == day]


def add_event(day: str, title: str) -> dict:
    event = {"day": date.fromisoformat(day).isoformat(), "title": title}
    EVENTS.append(event)
    return event


server.add_tool(add_event, name="create_event")
