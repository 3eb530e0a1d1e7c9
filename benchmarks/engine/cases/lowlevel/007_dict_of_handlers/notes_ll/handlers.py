from typing import Any

NOTES: dict[str, str] = {}


def read_note(arguments: dict[str, Any]) -> str:
    return NOTES[arguments["name"]]


def write_note(arguments: dict[str, Any]) -> str:
    NOTES[arguments["name"]] = arguments["text"]
    return "ok"


HANDLERS = {"read_note": read_note, "write_note": write_note}
