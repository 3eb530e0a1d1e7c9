"""Truth from a running server: install it alone, start it as its users do, list its tools.

Each server gets its own virtual environment under `.corpus/venvs/`, kept between runs,
with the newest framework its requirements admit. It is started over stdio by its
console script (or `python -m` its `__main__`), in an empty temporary folder that is
also its HOME, with an environment holding only PATH and the `--env` settings, and with
a time limit. toolargs' own probe client (`toolargs.probe.client`, the MCP SDK's client)
sends `initialize` and `tools/list`; no tool is ever called. Every process the server
started is found by a marker in its environment and stopped afterwards.

When the server cannot start because its own imports fail on that framework major
(an unpinned `mcp` resolves to 2.x, which has no `mcp.server.fastmcp`), the listing is
tried again with the newest older major, and both facts are recorded.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from toolargs.probe.client import Connection, ServerStartError, Target, with_server

PYTHONS = ("3.12", "3.13", "3.11", "3.10")  # tried in this order until one installs it
FRAMEWORKS = ("fastmcp", "mcp")  # the first one installed is the one the server runs on
INSTALL_TIMEOUT = 900.0
START_TIMEOUT = 60.0


@dataclass
class Attempt:
    """One start of the server, with the framework installed for it."""

    frameworks: dict[str, str]  # package -> installed version
    constraint: str  # "" or the older major asked for (mcp<2)
    error: str = ""
    reason: str = ""  # one word: import-error, missing-setting, timeout, exited, ...


@dataclass
class Listing:
    dist: str
    version: str
    listed_at: str = ""
    python: str = ""
    command: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    framework: str = ""  # the frameworks installed where it ran: "fastmcp 2.13.0, mcp 1.30.0"
    attempts: list[dict[str, Any]] = field(default_factory=list)
    server_info: dict[str, str] = field(default_factory=dict)
    tools: list[dict[str, Any]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    error: str = ""  # "" when listed
    reason: str = ""  # why it could not be listed, in one word (see `classify`)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1, sort_keys=False) + "\n"


def describe(frameworks: dict[str, str]) -> str:
    return ", ".join(f"{p} {frameworks[p]}" for p in FRAMEWORKS if p in frameworks) or "none"


def python_for(version: str) -> str | None:
    """An interpreter of that version on this machine (pyenv's or the PATH's)."""
    for base in (Path.home() / ".pyenv" / "versions",):
        for candidate in sorted(base.glob(f"{version}.*"), reverse=True):
            if (candidate / "bin" / "python").is_file():
                return str(candidate / "bin" / "python")
    return shutil.which(f"python{version}")


def uv() -> list[str]:
    found = shutil.which("uv")
    if found is None:
        raise SystemExit("corpus: list-tools installs with uv: pip install uv")
    return [found]


def venv_folder(dist: str, version: str, cache: Path, constraint: str) -> Path:
    """Where the venv holding dist==version (and the constraint) is kept."""
    # "mcp<2" -> "-mcp-below-2": the folder says which older major it holds
    suffix = re.sub(r"[^A-Za-z0-9.]+", "-", constraint.replace("<", "-below-")).strip("-")
    return cache / "venvs" / f"{dist}-{version}{'-' + suffix if suffix else ''}"


def environment(dist: str, version: str, cache: Path, constraint: str) -> tuple[Path, str]:
    """A venv holding dist==version (and the constraint), made once and reused."""
    venv = venv_folder(dist, version, cache, constraint)
    done = venv / ".installed"
    if done.is_file():
        return venv, done.read_text(encoding="utf-8").strip()
    problems = []
    for python_version in PYTHONS:
        python = python_for(python_version)
        if python is None:
            continue
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([*uv(), "venv", "-q", "--python", python, str(venv)], check=True)
        command = [*uv(), "pip", "install", "-q", "--python", str(venv / "bin" / "python"),
                   f"{dist}=={version}", *([constraint] if constraint else [])]  # fmt: skip
        result = subprocess.run(
            command, capture_output=True, text=True, timeout=INSTALL_TIMEOUT
        )
        if result.returncode == 0:
            done.write_text(python_version + "\n", encoding="utf-8")
            return venv, python_version
        last = [line for line in result.stderr.splitlines() if line.strip()]
        problems.append(f"python {python_version}: {' '.join(last[-3:])[:300]}")
        if "requires-python" not in result.stderr.lower() and "python>=" not in (
            result.stderr.lower()
        ):
            break  # not a question of the interpreter: another one fails the same way
    shutil.rmtree(venv, ignore_errors=True)
    raise InstallError("; ".join(problems) or "no Python interpreter found")


class InstallError(Exception):
    pass


def installed(venv: Path, packages: tuple[str, ...]) -> dict[str, str]:
    code = (
        "import importlib.metadata as m, json\n"
        "out = {}\n"
        f"for p in {list(packages)!r}:\n"
        "    try: out[p] = m.version(p)\n"
        "    except m.PackageNotFoundError: pass\n"
        "print(json.dumps(out))"
    )
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-c", code], capture_output=True, text=True, check=True
    )
    found: dict[str, str] = json.loads(result.stdout)
    return found


def entry_of(venv: Path, dist: str, wanted: str | None) -> list[str]:
    """How the server is started: the named script, else the dist's console script."""
    code = (
        "import importlib.metadata as m, json, sys\n"
        "d = m.distribution(sys.argv[1])\n"
        "print(json.dumps(["
        "e.name for e in d.entry_points if e.group == 'console_scripts']))\n"
    )
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-c", code, dist],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    scripts: list[str] = json.loads(result.stdout)
    if wanted:
        if wanted.startswith("-m "):
            return [str(venv / "bin" / "python"), "-m", wanted[3:].strip()]
        return [str(venv / "bin" / wanted)]
    from corpus_sample import choose_entry

    chosen = choose_entry(dist, scripts, [])
    if not chosen:
        return []
    return [str(venv / "bin" / chosen)]


def classify(error: str) -> str:
    """One word for why a server could not be listed, read off its error line."""
    text = error.lower()
    if "no module named" in text or "cannot import name" in text or "importerror" in text:
        return "import-error"
    if re.search(
        r"environment variable|env var|must be set|is not set|not set\b|required.*(key|token)"
        r"|(api[_ ]?key|token|secret|password|credential)s?\b.*(missing|required|not found)"
        r"|missing.*(api[_ ]?key|token|config|setting)|keyerror",
        text,
    ):
        return "missing-setting"
    if "not json-rpc" in text:  # it answered, with something else: before "did not answer"
        return "not-stdio"
    if "did not answer initialize" in text or "timeout" in text:
        return "timeout"
    if "closed the connection" in text or "exited" in text:
        return "exited"
    if "cannot start the server" in text:
        return "cannot-start"
    return "failed"


def older(frameworks: dict[str, str]) -> str:
    """The constraint for the next older major of the framework the server runs on."""
    for package in FRAMEWORKS:
        if package in frameworks:
            major = int(frameworks[package].split(".")[0])
            if (package == "mcp" and major > 1) or (package == "fastmcp" and major > 2):
                return f"{package}<{major}"
            return ""
    return ""


def list_tools(
    dist: str,
    version: str,
    cache: Path,
    env: dict[str, str] | None = None,
    args: tuple[str, ...] = (),
    entry: str | None = None,
    timeout: float = START_TIMEOUT,
) -> Listing:
    listing = Listing(dist, version, listed_at=time.strftime("%Y-%m-%d"), env=dict(env or {}))
    constraint = ""
    started = time.monotonic()
    for _ in range(3):  # the newest admitted major, then older ones
        began = time.monotonic()
        try:
            venv, listing.python = environment(dist, version, cache, constraint)
        except (InstallError, subprocess.SubprocessError, OSError) as exc:
            failed = Attempt({}, constraint, f"cannot install: {exc}", "install-failed")
            listing.attempts.append(asdict(failed))
            if not listing.error:  # an older major that does not install: keep the first
                listing.error, listing.reason = failed.error, failed.reason
            break
        listing.seconds["install"] = round(
            listing.seconds.get("install", 0.0) + time.monotonic() - began, 1
        )
        frameworks = installed(venv, FRAMEWORKS)
        attempt = Attempt(frameworks, constraint)
        command = entry_of(venv, dist, entry)
        if not command:
            attempt.error, attempt.reason = "no console script and no -m entry", "no-entry"
            listing.attempts.append(asdict(attempt))
            listing.error, listing.reason = attempt.error, attempt.reason
            break
        listing.command = [Path(command[0]).name, *command[1:], *args]
        began = time.monotonic()
        try:
            info, tools = start_and_list([*command, *args], listing.env, timeout)
        except ServerStartError as exc:
            error = str(exc).replace(str(venv), "<venv>")
            attempt.error, attempt.reason = error, classify(error)
        listing.seconds["start"] = round(
            listing.seconds.get("start", 0.0) + time.monotonic() - began, 1
        )
        listing.attempts.append(asdict(attempt))
        if not attempt.error:
            listing.server_info, listing.tools = info, tools
            # Every framework installed: which one the code builds on is the code's to say
            # (a fastmcp server may use the SDK's own classes; judgements say which).
            listing.framework = describe(frameworks)
            listing.error = listing.reason = ""
            break
        listing.error, listing.reason = attempt.error, attempt.reason
        # A server written for an older major than the one installed fails on its API in
        # many ways (an import, a missing decorator, a changed signature): every failure
        # but a missing setting is tried again on the next older major its pins admit.
        constraint = older(frameworks) if attempt.reason != "missing-setting" else ""
        if not constraint:
            break
    listing.seconds["total"] = round(time.monotonic() - started, 1)
    return listing


def start_and_list(
    command: list[str], settings: dict[str, str], timeout: float
) -> tuple[dict[str, str], list[dict[str, Any]]]:
    marker = uuid.uuid4().hex
    with tempfile.TemporaryDirectory(prefix="corpus-run-") as folder:
        path = f"{Path(command[0]).parent}:/usr/local/bin:/usr/bin:/bin"
        base = {"PATH": path, "HOME": folder, "TOOLARGS_CORPUS_RUN": marker, "LANG": "C.UTF-8"}
        variables = [f"{k}={v}" for k, v in {**base, **settings}.items()]
        wrapped = ("env", "-i", "-C", folder, *variables, *command)

        async def work(connection: Connection) -> tuple[dict[str, str], list[dict[str, Any]]]:
            tools = await connection.list_tools()
            return asdict(connection.info), [listed(t) for t in tools]

        try:
            return asyncio.run(with_server(Target(command=wrapped, timeout=timeout), work))
        finally:
            stop_marked(marker)


def listed(tool: dict[str, Any]) -> dict[str, Any]:
    """A tool as listed: name, annotations and input schema exactly, and its description."""
    keep = ("name", "title", "description", "annotations", "inputSchema")
    return {k: tool[k] for k in keep if k in tool}


def stop_marked(marker: str) -> None:
    """Stop every process whose environment carries the run's marker, children included."""
    needle = f"TOOLARGS_CORPUS_RUN={marker}".encode()
    for attempt in range(3):
        alive = []
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                if needle in (proc / "environ").read_bytes().split(b"\0"):
                    alive.append(int(proc.name))
            except OSError:
                continue
        if not alive:
            return
        for pid in alive:
            try:
                os.kill(pid, signal.SIGTERM if attempt == 0 else signal.SIGKILL)
            except OSError:
                pass
        time.sleep(1.0)
