"""Running `toolargs probe` as a user does, on the test servers in probe_servers/."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SERVERS = Path(__file__).parent / "probe_servers"


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    markers: list[str]  # mutation tools whose side effect ran
    pid: int | None  # the server's pid, for the faulty server

    def json(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.stdout)
        return data

    def tools(self) -> dict[str, dict[str, Any]]:
        return {tool["name"]: tool for tool in self.json()["tools"]}

    def verdicts(self) -> dict[str, tuple[Any, Any, Any]]:
        return {
            name: (tool["unknown_keys"], tool["alias"], tool["conforms"])
            for name, tool in self.tools().items()
        }


def probe(
    tmp_path: Path,
    server: str,
    *server_args: str,
    options: tuple[str, ...] = (),
    output: str = "json",
    env: dict[str, str] | None = None,
) -> Run:
    markers = tmp_path / "markers"
    markers.mkdir(exist_ok=True)
    environment = {**os.environ, "PROBE_MARKER_DIR": str(markers), **(env or {})}
    if env is None or "TOOLARGS_STRICT_ARGS" not in env:
        environment.pop("TOOLARGS_STRICT_ARGS", None)
    # A generous deadline on a loaded machine; tests of timeouts give their own (the last
    # --timeout wins).
    command = [
        sys.executable, "-m", "toolargs", "probe", "--format", output, "--timeout", "120",
        *options,
    ]
    if server:
        command += ["--", sys.executable, str(SERVERS / server), *server_args]
    done = subprocess.run(
        command, capture_output=True, text=True, env=environment, timeout=300, cwd=tmp_path
    )
    pid_file = markers / "server.pid"
    pid = int(pid_file.read_text()) if pid_file.exists() else None
    called = sorted(p.name.removesuffix(".called") for p in markers.glob("*.called"))
    return Run(done.returncode, done.stdout, done.stderr, called, pid)


def ended(pid: int) -> bool:
    """Whether the process is gone (or a zombie no one has reaped yet), waiting a little
    for the kernel to finish a kill that was already sent."""
    status = Path(f"/proc/{pid}/status")
    for _ in range(100):
        try:
            state = next(
                line for line in status.read_text().splitlines() if line.startswith("State:")
            )
        except (FileNotFoundError, ProcessLookupError, StopIteration):
            return True
        if "zombie" in state:
            return True
        time.sleep(0.1)
    return False
