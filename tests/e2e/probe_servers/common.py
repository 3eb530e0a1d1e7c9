"""What every probe test server shares: its tools' behaviour and the side-effect marker.

A mutation tool that runs writes a marker file into $PROBE_MARKER_DIR, so a test can see
whether the probe ever called one. Read-only results depend on the limit, so that the
probe can tell an honoured alias from an ignored one.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

MARKER_DIR = "PROBE_MARKER_DIR"


def side_effect(tool: str, arguments: dict[str, Any]) -> str:
    folder = os.environ.get(MARKER_DIR)
    if folder:
        Path(folder, f"{tool}.called").write_text(repr(sorted(arguments)), encoding="utf-8")
    return f"{tool} done"


def hits(query: str, max_results: int) -> dict[str, Any]:
    return {"query": query, "hits": [f"{query}-{i}" for i in range(max_results)]}


def outline(path: str) -> str:
    return f"outline of {path}: 3 functions"


def flag(name: str) -> bool:
    return name in sys.argv[1:]
