"""Running `toolargs probe` on the test servers in probe_servers/.

The probe runs through the CLI's entry point in the test's process (`main(["probe",
...])`: the same arguments, environment, working folder, output and exit code), and the
server it starts is a real process, as always. `process=True` runs the probe itself as a
user does (`python -m toolargs probe ...`), which a few tests keep for the command line.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolargs.cli.main import main

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
    process: bool = False,
) -> Run:
    markers = tmp_path / "markers"
    markers.mkdir(exist_ok=True)
    environment = {**os.environ, "PROBE_MARKER_DIR": str(markers), **(env or {})}
    if env is None or "TOOLARGS_STRICT_ARGS" not in env:
        environment.pop("TOOLARGS_STRICT_ARGS", None)
    # A generous deadline on a loaded machine; tests of timeouts give their own (the last
    # --timeout wins).
    argv = ["probe", "--format", output, "--timeout", "120", *options]
    if server:
        argv += ["--", sys.executable, str(SERVERS / server), *server_args]
    if process:
        done = subprocess.run(
            [sys.executable, "-m", "toolargs", *argv],
            capture_output=True, text=True, env=environment, timeout=300, cwd=tmp_path,
        )
        code, stdout, stderr = done.returncode, done.stdout, done.stderr
    else:
        code, stdout, stderr = in_process(argv, environment, tmp_path)
    pid_file = markers / "server.pid"
    pid = int(pid_file.read_text()) if pid_file.exists() else None
    called = sorted(p.name.removesuffix(".called") for p in markers.glob("*.called"))
    return Run(code, stdout, stderr, called, pid)


def in_process(argv: list[str], environment: dict[str, str], cwd: Path) -> tuple[int, str, str]:
    """`toolargs ARGV` through main() with this environment and working folder."""
    out, err = io.StringIO(), io.StringIO()
    with _environment(environment, cwd):
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    return code, out.getvalue(), err.getvalue()


@contextlib.contextmanager
def _environment(environment: dict[str, str], cwd: Path) -> Iterator[None]:
    saved, here = dict(os.environ), os.getcwd()
    os.environ.clear()
    os.environ.update(environment)
    os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(here)
        os.environ.clear()
        os.environ.update(saved)


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
