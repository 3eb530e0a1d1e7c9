from .registry import tool

NOTES: dict[str, str] = {}


@tool(name="add_note", description="Add a note")
def add_note(title: str, body: str) -> str:
    NOTES[title] = body
    return "added"


@tool(description="Read a note")
def read_note(title: str) -> str:
    return NOTES.get(title, "")
