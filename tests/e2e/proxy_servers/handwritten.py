"""A hand-written stdio MCP server (standard library only) for the proxy's faults and
for what the SDK servers cannot be asked to do on cue.

Every tools/call and notifications/cancelled it receives goes to $PROXY_JOURNAL, and its
pid and its child's to $PROXY_PIDS, so a test can check what reached it and that the
proxy stopped it. Usage: python handwritten.py MODE, MODE one of
  serve        a well-behaved server: search_archive (read-only), add_filter (mutation,
               adds `year` to search_archive's schema and sends tools/list_changed),
               report (read-only: logs, reports progress for 4 s, asks the client for
               its roots, then answers with them)
  crash        exit at once with a message on stderr
  hang         never answer anything
  garbage      a line that is not JSON-RPC instead of each answer
  die-on-call  like serve, and exit on the first tools/call
  slow-call    like serve, and never answer a tools/call
  children     like serve, with a child process that would outlive it
  stubborn     like children, and ignore SIGTERM and the end of its stdin
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from typing import Any

MODE = sys.argv[1] if len(sys.argv) > 1 else "serve"
SCHEMA: dict[str, Any] = {"type": "object", "properties": {"query": {"type": "string"}}}
PROGRESS_STEPS = 8  # half a second each


def tools() -> list[dict[str, Any]]:
    return [
        {"name": "search_archive", "inputSchema": SCHEMA, "annotations": {"readOnlyHint": True}},
        {
            "name": "add_filter",
            "inputSchema": {"type": "object", "properties": {"field": {"type": "string"}}},
            "annotations": {"readOnlyHint": False},
        },
        {
            "name": "report",
            "inputSchema": {"type": "object", "properties": {}},
            "annotations": {"readOnlyHint": True},
        },
    ]


def report(params: dict[str, Any]) -> str:
    """What a long tool does on the wire: a log message, progress, a request of its own."""
    send({"jsonrpc": "2.0", "method": "notifications/message",
          "params": {"level": "info", "logger": "archive", "data": "report started"}})
    token = (params.get("_meta") or {}).get("progressToken")
    for step in range(1, PROGRESS_STEPS + 1):
        time.sleep(0.5)
        if token is not None:
            send({"jsonrpc": "2.0", "method": "notifications/progress",
                  "params": {"progressToken": token, "progress": step, "total": PROGRESS_STEPS}})
    send({"jsonrpc": "2.0", "id": "archive-1", "method": "roots/list"})
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("id") == "archive-1":
            roots = [root["uri"] for root in message["result"]["roots"]]
            return json.dumps({"roots": roots})
    return "no roots"


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def journal(entry: dict[str, Any]) -> None:
    path = os.environ.get("PROXY_JOURNAL")
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry) + "\n")


def call(request: dict[str, Any]) -> dict[str, Any] | None:
    params = request.get("params") or {}
    name, arguments = params.get("name"), params.get("arguments") or {}
    journal({"tool": name, "arguments": arguments})
    if MODE == "die-on-call":
        print("fatal: the handler lost its database connection", file=sys.stderr, flush=True)
        os._exit(4)
    if MODE == "slow-call":
        return None
    if name == "report":
        return {"content": [{"type": "text", "text": report(params)}]}
    if name == "add_filter":
        SCHEMA["properties"][arguments.get("field", "year")] = {"type": "integer"}
        send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        text = "filter added"
    else:
        text = json.dumps({"query": arguments.get("query"), "filters": sorted(arguments)})
    return {"content": [{"type": "text", "text": text}]}


def answer(request: dict[str, Any]) -> dict[str, Any] | None:
    method = request.get("method")
    if method == "initialize":
        return {
            "protocolVersion": request["params"]["protocolVersion"],
            "capabilities": {
                "tools": {"listChanged": True},
                "logging": {},
                "resources": {},
                "prompts": {},
                "experimental": {"archive": {"v": 1}},
            },
            "serverInfo": {"name": f"handwritten-{MODE}", "version": "1"},
        }
    if method == "tools/list":
        return {"tools": tools()}
    if method == "tools/call":
        return call(request)
    if method == "resources/list":
        return {"resources": [{"uri": "archive://index", "name": "index", "_meta": {"v": 2}}]}
    if method == "prompts/list":
        return {"prompts": [{"name": "summarise", "arguments": [{"name": "year"}]}]}
    if method == "ping":
        return {}
    return None


def serve() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if "id" not in message:
            if message.get("method") == "notifications/cancelled":
                journal({"cancelled": message["params"]["requestId"]})
            continue
        if MODE == "hang":
            continue
        if MODE == "garbage":
            print("Listening on stdio... ready", flush=True)
            continue
        result = answer(message)
        if result is not None:
            send({"jsonrpc": "2.0", "id": message["id"], "result": result})


def main() -> None:
    if MODE == "crash":
        print("error: config file /etc/archive.toml not found", file=sys.stderr, flush=True)
        sys.exit(3)
    if MODE in ("children", "stubborn"):
        child = subprocess.Popen(
            [sys.executable, "-c", "import time; time.sleep(300)"], stdin=subprocess.DEVNULL
        )
        path = os.environ.get("PROXY_PIDS")
        if path:
            with open(path, "w", encoding="utf-8") as handle:
                json.dump({"server": os.getpid(), "child": child.pid}, handle)
    if MODE == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    serve()
    if MODE == "stubborn":
        while True:  # the end of stdin is no reason to leave
            time.sleep(1)


if __name__ == "__main__":
    main()
