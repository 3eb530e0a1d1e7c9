"""A notes server written by hand: one function answers every request."""

import json
import sys

NOTES: dict[str, str] = {}

TOOLS = [
    {
        "name": "read_note",
        "description": "Read one note.",
        "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}},
    },
    {
        "name": "save_note",
        "description": "Save a note.",
        "inputSchema": {
            "type": "object",
            "properties": {"title": {"type": "string"}, "body": {"type": "string"}},
        },
    },
]


def read_note(arguments):
    return NOTES.get(arguments["title"], "")


def save_note(arguments):
    NOTES[arguments["title"]] = arguments["body"]
    return "saved"


def call_tool(name, arguments):
    if name == "read_note":
        return read_note(arguments)
    if name == "save_note":
        return save_note(arguments)
    raise ValueError(f"unknown tool {name}")


def handle(request):
    method = request.get("method")
    request_id = request.get("id")
    if method == "initialize":
        result = {"serverInfo": {"name": "notes", "version": "1.0"}, "capabilities": {}}
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call":
        params = request.get("params", {})
        text = call_tool(params.get("name"), params.get("arguments", {}))
        result = {"content": [{"type": "text", "text": text}]}
    else:
        return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601}}
    return {"jsonrpc": "2.0", "id": request_id, "result": result}


def main():
    for line in sys.stdin:
        print(json.dumps(handle(json.loads(line))), flush=True)
