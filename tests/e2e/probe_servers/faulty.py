"""A hand-written stdio MCP server that misbehaves on request, for the probe's robustness.

Standard library only: JSON-RPC lines on stdin/stdout, no SDK. It writes its pid to
$PROBE_MARKER_DIR/server.pid so that a test can check the probe ended it.

Usage: python faulty.py MODE, MODE one of
  crash       exit at once with a message on stderr
  hang        never answer anything
  garbage     write a line that is not JSON-RPC, then never answer
  die-on-call answer initialize and tools/list, exit on the first tools/call
  slow-tool   one tool that never answers, one that follows the policy (listed one a page)
  stubborn    like slow-tool, and ignore SIGTERM and the end of stdin
  chatty      like slow-tool, with a line that is not JSON-RPC before each answer
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

MODE = sys.argv[1] if len(sys.argv) > 1 else "hang"

TOOLS = [
    {
        "name": "fine",
        "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}},
        "annotations": {"readOnlyHint": True},
    },
    {
        "name": "slow",
        "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}},
        "annotations": {"readOnlyHint": True},
    },
]


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(request: dict[str, Any], result: dict[str, Any]) -> None:
    send({"jsonrpc": "2.0", "id": request["id"], "result": result})


def call(request: dict[str, Any]) -> None:
    params = request.get("params") or {}
    if MODE == "die-on-call":
        os._exit(1)
    if params.get("name") == "slow":
        return  # never answered
    if MODE == "chatty":
        print("calling the tool...", flush=True)  # a stray print on the protocol stream
    arguments = params.get("arguments") or {}
    unknown = sorted(k for k in arguments if k != "q" and not k.startswith("_"))
    payload: dict[str, Any] = {"q": arguments.get("q")}
    if unknown:
        payload["unknown_args"] = unknown
    answer(request, {"content": [{"type": "text", "text": json.dumps(payload)}]})


def serve() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        method = request.get("method")
        if "id" not in request:
            continue  # a notification
        if method == "initialize":
            answer(
                request,
                {
                    "protocolVersion": request["params"]["protocolVersion"],
                    "capabilities": {"tools": {}},
                    "serverInfo": {"name": f"faulty-{MODE}", "version": "0"},
                },
            )
        elif method == "tools/list":
            # One tool a page: the probe must follow nextCursor.
            cursor = (request.get("params") or {}).get("cursor")
            page = int(cursor) if cursor else 0
            result: dict[str, Any] = {"tools": TOOLS[page : page + 1]}
            if page + 1 < len(TOOLS):
                result["nextCursor"] = str(page + 1)
            answer(request, result)
        elif method == "tools/call":
            call(request)
        else:
            error = {"code": -32601, "message": f"no method {method}"}
            send({"jsonrpc": "2.0", "id": request["id"], "error": error})


def main() -> None:
    folder = os.environ.get("PROBE_MARKER_DIR")
    if folder:
        Path(folder, "server.pid").write_text(str(os.getpid()), encoding="utf-8")
    if MODE == "crash":
        print("faulty: cannot read configuration: FAULTY_API_KEY is not set", file=sys.stderr)
        sys.exit(3)
    if MODE == "garbage":
        print("Server starting... (a banner on stdout, not JSON-RPC)", flush=True)
    if MODE in ("hang", "garbage"):
        while True:
            time.sleep(60)
    if MODE == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    serve()
    if MODE == "stubborn":
        while True:
            time.sleep(60)


if __name__ == "__main__":
    main()
