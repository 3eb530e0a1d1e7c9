"""`toolargs probe` in process: usage errors and a missing SDK cost one line and exit 2,
without starting anything."""

from __future__ import annotations

import subprocess
import sys

import pytest

from toolargs.cli.main import main
from toolargs.probe.client import INSTALL_HINT


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["probe", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_no_module_imports_the_sdk_until_a_probe_runs() -> None:
    modules = ["toolargs.cli.main", "toolargs.runtime"] + [
        f"toolargs.probe.{name}"
        for name in ("cli", "client", "crosscheck", "judging", "listing", "output", "report",
                     "replies", "runner", "synthesis")
    ]
    script = f"import sys; import {', '.join(modules)}; print(sorted(m for m in sys.modules "
    script += "if m.split('.')[0] in ('mcp', 'anyio')))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert (done.returncode, done.stdout.strip()) == (0, "[]"), done.stderr


def test_missing_sdk(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mcp", None)  # import mcp now fails as if absent
    code, out, err = run(capsys, "--", "python", "server.py")
    assert (code, out) == (2, "")
    assert err == f"toolargs probe: error: {INSTALL_HINT}\n"


@pytest.mark.parametrize(
    "argv, message",
    [
        ((), "no server: give -- COMMAND [ARG...] to start one, or --url URL"),
        (("--",), "no server: give -- COMMAND [ARG...] to start one, or --url URL"),
        (
            ("--url", "http://127.0.0.1:1/mcp", "--", "x"),
            "give either --url URL or -- COMMAND, not both",
        ),
        (("--config", "no/such.toml", "--", "x"), "--config no/such.toml: no such file"),
    ],
)
def test_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", f"toolargs probe: error: {message}\n")


@pytest.mark.parametrize(
    "argv, message",
    [
        (("--timeout", "0", "--", "x"), "expected a positive number of seconds"),
        (("--value", "=1", "--", "x"), "expected NAME=VALUE"),
        (("--format", "sarif", "--", "x"), "invalid choice"),
    ],
)
def test_bad_option_values(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err


def test_help_lists_the_probe(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "probe" in capsys.readouterr().out
