import json
import urllib.request


def call_backend(tool: str, arguments: dict) -> dict:
    body = json.dumps({"tool": tool, "arguments": arguments}).encode()
    with urllib.request.urlopen("http://127.0.0.1:8765/call", body) as response:
        return json.load(response)
