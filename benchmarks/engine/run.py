"""The engine micro-benchmark: small programs, one value flow each, and the exact answer.

Each case folder under `cases/<category>/` holds a tiny package and `expected.toml`: the
tools its server lists (name, where the server is constructed, where the handler is
defined, and the mode where the case is about annotations) and what the analysis must
report as unresolved (TAV9xx code and line). The runner copies each case to a scratch
folder (so no configuration or pin above it applies), runs `toolargs audit --format json`
and `toolargs check --format json` there, and compares both ways: a tool found but not
expected is a phantom, one expected but not found is a miss.

    python benchmarks/engine/run.py                   # every case, one process per run
    python benchmarks/engine/run.py --in-process      # the same through toolargs.cli.main
    python benchmarks/engine/run.py -k lowlevel/      # the cases whose id contains it
    python benchmarks/engine/run.py --write-baseline  # rewrite baseline-failures.txt

Exit 0 whatever the result: it measures. tests/test_engine_benchmark.py is what fails.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.10
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
BASELINE = HERE / "baseline-failures.txt"
EXPECTED = "expected.toml"


@dataclass(frozen=True)
class ExpectedTool:
    name: str
    server: str  # "path:line" of the server's construction; "" when no known server
    handler: str  # "path:line" of the handler's def
    mode: str | None = None  # only where the case is about annotations


@dataclass(frozen=True)
class Case:
    id: str  # "<category>/<NNN_slug>"
    folder: Path
    flow: str
    tools: tuple[ExpectedTool, ...]
    unresolved: frozenset[tuple[str, str]]  # (code, "path:line")
    broadens: str = ""

    @property
    def category(self) -> str:
        return self.id.split("/")[0]


@dataclass(frozen=True)
class FoundTool:
    name: str
    server: str
    handler: str
    mode: str


@dataclass
class Result:
    case: Case
    error: str = ""  # the run itself failed (no JSON)
    found: int = 0  # expected tools found by name
    missing: list[str] = field(default_factory=list)
    phantoms: list[str] = field(default_factory=list)
    wrong_server: list[str] = field(default_factory=list)
    wrong_handler: list[str] = field(default_factory=list)
    wrong_mode: list[str] = field(default_factory=list)
    servers_right: int = 0
    handlers_right: int = 0
    unresolved_missing: list[str] = field(default_factory=list)
    unresolved_extra: list[str] = field(default_factory=list)

    @property
    def right(self) -> bool:
        return not (
            self.error or self.missing or self.phantoms or self.wrong_server
            or self.wrong_handler or self.wrong_mode or self.unresolved_missing
            or self.unresolved_extra
        )

    def why(self) -> str:
        """What is wrong, in one line."""
        parts = [self.error] if self.error else []
        for label, items in (
            ("missing", self.missing),
            ("phantom", self.phantoms),
            ("server", self.wrong_server),
            ("handler", self.wrong_handler),
            ("mode", self.wrong_mode),
            ("unresolved missing", self.unresolved_missing),
            ("unresolved extra", self.unresolved_extra),
        ):
            if items:
                more = f", +{len(items) - 3} more" if len(items) > 3 else ""
                shown = ", ".join(items[:3]) + more
                parts.append(f"{label}: {shown}")
        return "; ".join(parts)


# --- cases ---


def load_case(folder: Path) -> Case:
    document = tomllib.loads((folder / EXPECTED).read_text(encoding="utf-8"))
    tools = tuple(
        ExpectedTool(t["name"], t["server"], t["handler"], t.get("mode"))
        for t in document.get("tool", [])
    )
    unresolved = frozenset((u["code"], u["at"]) for u in document.get("unresolved", []))
    case_id = f"{folder.parent.name}/{folder.name}"
    return Case(case_id, folder, document["flow"], tools, unresolved, document.get("broadens", ""))


def load_cases(root: Path = CASES) -> list[Case]:
    return [load_case(p.parent) for p in sorted(root.glob(f"*/*/{EXPECTED}"))]


def load_baseline(path: Path = BASELINE) -> dict[str, str]:
    """Case id -> what the current engine gets wrong (the comment after '#')."""
    known: dict[str, str] = {}
    if not path.is_file():
        return known
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        case_id, _, why = text.partition("#")
        known[case_id.strip()] = why.strip()
    return known


# --- running toolargs ---


def _in_process(arguments: list[str], folder: Path) -> tuple[int, str, str]:
    from toolargs.cli import main

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(arguments)
    finally:
        os.chdir(here)
    return code, out.getvalue(), err.getvalue()


def _in_a_process(arguments: list[str], folder: Path) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "toolargs", *arguments],
        cwd=folder, capture_output=True, text=True, timeout=600,
    )
    return done.returncode, done.stdout, done.stderr


def run_toolargs(folder: Path, in_process: bool) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The audit document and the check findings of the package in `folder`."""
    run = _in_process if in_process else _in_a_process
    documents = []
    for command in ("audit", "check"):
        code, out, err = run([command, "--format", "json", "--jobs", "1", "."], folder)
        if code not in (0, 1):
            raise RuntimeError(f"toolargs {command} exited {code}: {err.strip()[-300:]}")
        try:
            documents.append(json.loads(out))
        except json.JSONDecodeError:
            why = err.strip()[-300:]
            raise RuntimeError(f"toolargs {command} printed no JSON: {why}") from None
    return documents[0], documents[1]


def _place(value: Any) -> str:
    if isinstance(value, dict) and value.get("path") and value.get("line"):
        return f"{Path(value['path']).as_posix().removeprefix('./')}:{value['line']}"
    return ""


UNPLACED = "unplaced"  # linked to a server whose construction the JSON does not place


def _server(value: Any) -> str:
    """"path:line" of the server's construction, UNPLACED, or "" for no known server."""
    if not isinstance(value, dict):
        return ""
    return _place(value) or UNPLACED


def found_tools(audit: dict[str, Any]) -> list[FoundTool]:
    return [
        FoundTool(row["name"], _server(row.get("server")), _place(row.get("handler_def")),
                  row.get("mode", ""))
        for row in audit.get("tools", [])
    ]


def found_unresolved(check: Iterable[dict[str, Any]]) -> set[tuple[str, str]]:
    """Every TAV9xx finding (analysis limits) with where it is reported."""
    return {
        (d["code"], f"{Path(d['path']).as_posix().removeprefix('./')}:{d['line']}")
        for d in check
        if str(d.get("code", "")).startswith("TAV9")
    }


# --- comparing ---


def compare(case: Case, tools: list[FoundTool], unresolved: set[tuple[str, str]]) -> Result:
    result = Result(case)
    left = list(tools)
    for want in case.tools:
        same_name = [t for t in left if t.name == want.name]
        if not same_name:
            result.missing.append(want.name)
            continue
        # Two tools of one name (two servers, or one def under two names): the best fit.
        got = max(same_name, key=lambda t: (t.server == want.server, t.handler == want.handler))
        left.remove(got)
        result.found += 1
        if got.server == want.server:
            result.servers_right += 1
        else:
            result.wrong_server.append(
                f"{want.name} {got.server or 'none'} (want {want.server or 'none'})"
            )
        if got.handler == want.handler:
            result.handlers_right += 1
        else:
            result.wrong_handler.append(
                f"{want.name} {got.handler or 'unplaced'} (want {want.handler})"
            )
        if want.mode is not None and got.mode != want.mode:
            result.wrong_mode.append(f"{want.name} {got.mode} (want {want.mode})")
    result.phantoms = [t.name for t in left]
    result.unresolved_missing = sorted(f"{c} {at}" for c, at in case.unresolved - unresolved)
    result.unresolved_extra = sorted(f"{c} {at}" for c, at in unresolved - case.unresolved)
    return result


def run_case(case: Case, scratch: Path, in_process: bool) -> Result:
    """Copy the case's package to `scratch` (nothing above it configures it), run, compare."""
    target = scratch / case.id.replace("/", "__")
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(case.folder, target, ignore=shutil.ignore_patterns(EXPECTED, "__pycache__"))
    try:
        audit, check = run_toolargs(target, in_process)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        return Result(case, error=str(exc), missing=[t.name for t in case.tools])
    return compare(case, found_tools(audit), found_unresolved(check))


# --- the report ---

COLUMNS = ("cases", "right", "tools", "found", "phantoms", "servers", "handlers", "unresolved")


def table(results: list[Result]) -> str:
    """Per category: cases, fully right, tools expected, found, phantoms, servers and
    handlers right, unresolved values expected/right/extra."""
    rows: list[tuple[str, ...]] = []
    categories = sorted({r.case.category for r in results})
    for name in [*categories, "total"]:
        group = [r for r in results if name in ("total", r.case.category)]
        expected_unresolved = sum(len(r.case.unresolved) for r in group)
        right_unresolved = expected_unresolved - sum(len(r.unresolved_missing) for r in group)
        extra = sum(len(r.unresolved_extra) for r in group)
        rows.append((
            name,
            str(len(group)),
            str(sum(r.right for r in group)),
            str(sum(len(r.case.tools) for r in group)),
            str(sum(r.found for r in group)),
            str(sum(len(r.phantoms) for r in group)),
            str(sum(r.servers_right for r in group)),
            str(sum(r.handlers_right for r in group)),
            f"{right_unresolved}/{expected_unresolved} +{extra}",
        ))
    header = ("category", *COLUMNS)
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def failing(results: list[Result]) -> list[str]:
    return [f"{r.case.id}  # {r.why()}" for r in results if not r.right]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", default="", help="run the cases whose id contains this")
    parser.add_argument("--in-process", action="store_true",
                        help="call toolargs.cli.main here instead of one process per run")
    parser.add_argument("--write-baseline", action="store_true",
                        help="write the failing cases to baseline-failures.txt beside this")
    args = parser.parse_args(argv)
    if args.write_baseline and args.k:
        parser.error("--write-baseline needs every case: leave out -k")
    cases = [c for c in load_cases() if args.k in c.id]
    if not cases:
        print(f"no case id contains {args.k!r}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="toolargs-engine-") as scratch:
        results = [run_case(c, Path(scratch), args.in_process) for c in cases]
    print(table(results))
    lines = failing(results)
    print(f"\n{len(lines)} failing case{'' if len(lines) == 1 else 's'}" + (":" if lines else ""))
    for line in lines:
        print(line)
    if args.write_baseline:
        BASELINE.write_text(
            "# Cases the current engine gets wrong, with what is wrong (benchmarks/engine/run.py\n"
            "# --write-baseline). tests/test_engine_benchmark.py marks them xfail(strict=True):\n"
            "# a case the engine comes to get right must be taken out of this list.\n"
            + "".join(line + "\n" for line in lines),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
