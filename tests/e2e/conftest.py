"""Probe runs that several tests read (probe_run.py)."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable

import pytest
from probe_run import Run, probe

try:
    import fcntl
except ImportError:  # Windows: each worker makes the run itself
    fcntl = None  # type: ignore[assignment]


@pytest.fixture(scope="session")
def shared_probe(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Run]:
    """`probe(tmp_path, server, *server_args, **options)` made once per test session for
    each distinct set of arguments, for tests that each check another part of the same run.

    A Run is the record of a finished probe (output, exit code, the markers its mutation
    tools left), kept as JSON in the session's temporary folder, which pytest-xdist's
    workers share: the first worker to need a run makes it while holding a lock on it.
    """
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # .../pytest-N/popen-gwK: the parent is this session's, shared
    runs = base / "shared-probe-runs"
    runs.mkdir(exist_ok=True)

    def run(server: str, *server_args: str, **options: Any) -> Run:
        key = json.dumps([server, server_args, sorted(options.items())])
        folder = runs / hashlib.sha256(key.encode()).hexdigest()[:16]
        with _locked(folder.with_suffix(".lock")):
            record = folder / "run.json"
            if record.exists():
                return Run(**json.loads(record.read_text(encoding="utf-8")))
            folder.mkdir()
            done = probe(folder, server, *server_args, **options)
            record.write_text(json.dumps(dataclasses.asdict(done)), encoding="utf-8")
            return done

    return run


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    with open(path, "w") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
