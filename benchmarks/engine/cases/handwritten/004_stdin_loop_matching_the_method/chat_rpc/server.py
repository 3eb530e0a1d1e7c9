"""A chat server written by hand: a loop over standard input matching each method."""

import json
import sys

TOOLS = [
    {"name": "chat_history", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "chat_post", "inputSchema": {"type": "object", "properties": {"text": {}}}},
]
POSTED: list[str] = []


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def chat_history(arguments):
    return "\n".join(POSTED)


def chat_post(arguments):
    POSTED.append(arguments["text"])
    return "posted"


def handle_tool(name, arguments):
    match name:
        case "chat_history":
            return chat_history(arguments)
        case "chat_post":
            return chat_post(arguments)
    return "unknown tool"


def main():
    for line in sys.stdin:
        message = json.loads(line)
        match message.get("method"):
            case "initialize":
                send({"id": message.get("id"), "result": {"serverInfo": {"name": "chat"}}})
            case "tools/list":
                send({"id": message.get("id"), "result": {"tools": TOOLS}})
            case "tools/call":
                params = message.get("params", {})
                text = handle_tool(params.get("name", ""), params.get("arguments", {}))
                send({"id": message.get("id"), "result": {"content": [{"text": text}]}})
