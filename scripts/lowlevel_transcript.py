"""Calls and answers of `enforce_policy(server)` on the SDK's low-level `Server`, through
the SDK's own in-process client, on whichever major is installed: the transcript a
closing note or a reader can check by eye. The servers and tools are the end-to-end
tests' (tests/e2e/test_mcp_lowlevel.py); run it in an environment holding `mcp` and
toolargs, such as the ones `.ci/e2e-mcp` makes:

    E2E_VENV_DIR=/tmp/e2e .ci/e2e-mcp mcp1 mcp2
    /tmp/e2e/mcp1/bin/python scripts/lowlevel_transcript.py
    /tmp/e2e/mcp2/bin/python scripts/lowlevel_transcript.py
"""

from __future__ import annotations

import json
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))

from sdk_client import MAJOR, call  # noqa: E402
from test_mcp_lowlevel import listed_tools, lowlevel_server  # noqa: E402

CALLS: list[tuple[str, dict[str, Any]]] = [
    ("search", {"query": "retry policy", "limit": 5, "verbose": True}),
    ("search", {"query": "retry policy", "max_results": 3, "top_k": 9}),
    ("lookup", {"key": "timeout", "format": "json"}),
    ("outline", {"path": "notes.md", "depth": 2}),
    ("replace_lines", {"path": "notes.md", "start": 3, "text": "x", "count": 1}),
    ("replace_lines", {"path": "notes.md", "start": 3, "text": "x"}),
    ("search", {"query": "retry policy"}),
]


def _compact(text: str) -> str:
    """A JSON text block on one line; any other text as it is."""
    try:
        return json.dumps(json.loads(text))
    except ValueError:
        return text


def main() -> None:
    print(f"mcp {version('mcp')} (major {MAJOR}), low-level Server, enforce_policy(server)")
    for enforced in (False, True):
        print(f"\n## {'with' if enforced else 'without'} enforce_policy")
        for name, arguments in CALLS:
            seen: list[tuple[str, dict[str, Any]]] = []
            server = lowlevel_server(seen, listed_tools(), enforce=enforced)
            reply = call(server, name, arguments)
            handler = json.dumps(seen[0][1]) if seen else "not run"
            answer = " | ".join(_compact(text) for text in reply.texts)
            print(f"- {name} {json.dumps(arguments)}")
            print(f"  handler got: {handler}")
            print(f"  answer{' (error)' if reply.is_error else ''}: {answer}")


if __name__ == "__main__":
    main()
