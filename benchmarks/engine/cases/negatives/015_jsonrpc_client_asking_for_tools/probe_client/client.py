"""A client of MCP servers: it asks them for their tools, and serves none itself."""

import json
import subprocess


class Client:
    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())["result"]

    def tool_names(self) -> list[str]:
        return [tool["name"] for tool in self.request("tools/list", {})["tools"]]

    def call(self, name: str, arguments: dict) -> dict:
        return self.request("tools/call", {"name": name, "arguments": arguments})


def describe(message: dict) -> str:
    if message.get("method") == "tools/list":
        return "a listing"
    return "another request"
