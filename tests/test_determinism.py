"""One answer whatever the hash seed: the analysis iterates sets of values, and what it
reports (tools, their servers and names, findings) must not depend on their order."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(seed: int, *args: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    result = subprocess.run(
        [sys.executable, "-m", "toolargs", *args], cwd=ROOT, env=env,
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.stdout, result.stderr
    return result.stdout


@pytest.mark.parametrize("command", ["audit", "check"])
@pytest.mark.parametrize("folder", ["benchmarks/engine/cases", "fixtures"])
def test_the_same_report_under_three_hash_seeds(command: str, folder: str) -> None:
    first, *others = (run(seed, command, "--format", "json", folder) for seed in (0, 1, 2))
    assert all(other == first for other in others)
