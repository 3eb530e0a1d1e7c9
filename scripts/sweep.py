"""Sweep real code with the CLI: `toolargs check` and `toolargs audit --format json`.

    python scripts/sweep.py --stdlib                      # the running interpreter's stdlib
    python scripts/sweep.py --servers DIR                 # every folder in DIR is a server
    python scripts/sweep.py --stdlib --servers DIR --json sweep.json
    python scripts/sweep.py --servers .corpus --every-file --table   # docs/reliability.md

Counts, per target: Python files, tools found (by shape and by mode), findings per code,
files reported as unreadable or unparsable, and crashes. A crash is a traceback on
standard error, an "internal error", an exit status other than 0, 1 or 2, a run that
does not finish within --timeout, or a TAV999 finding. Exit status: 1 when anything
crashed, else 0. The swept code is only read, never imported or run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import sysconfig
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Sweep:
    target: str
    files: int = 0
    seconds: float = 0.0
    tools: int = 0
    shapes: Counter[str] = field(default_factory=Counter)
    modes: Counter[str] = field(default_factory=Counter)
    findings: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)  # files the CLI could not judge
    crashes: list[str] = field(default_factory=list)
    tool_names: list[str] = field(default_factory=list)


def toolargs(args: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolargs", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def crash_signs(command: str, result: subprocess.CompletedProcess[str]) -> list[str]:
    signs = []
    if result.returncode not in (0, 1, 2):
        signs.append(f"{command}: exit status {result.returncode}")
    if "Traceback" in result.stderr:
        signs.append(f"{command}: traceback: {result.stderr.strip().splitlines()[-1]}")
    signs += [
        f"{command}: {line}" for line in result.stderr.splitlines() if "internal error" in line
    ]
    return signs


def python_files(root: Path, excludes: str) -> list[Path]:
    skipped = {name for name in excludes.split(",") if name}
    return [p for p in root.rglob("*.py") if not skipped & set(p.relative_to(root).parts)]


def sweep(target: str, root: Path, excludes: str, timeout: float) -> Sweep:
    found = Sweep(target, files=len(python_files(root, excludes)))
    started = time.perf_counter()
    select = ["--extend-exclude", excludes] if excludes else []
    try:
        check = toolargs(["check", "--format", "json", *select, "."], root, timeout)
        audit = toolargs(["audit", "--format", "json", *select, "."], root, timeout)
    except subprocess.TimeoutExpired as exc:
        found.crashes.append(f"no result within {timeout:.0f} s: {' '.join(map(str, exc.cmd))}")
        return found
    found.seconds = round(time.perf_counter() - started, 1)
    found.crashes += crash_signs("check", check) + crash_signs("audit", audit)
    found.errors = [line for line in check.stderr.splitlines() if "internal error" not in line]
    try:
        diagnostics: list[dict[str, Any]] = json.loads(check.stdout or "[]")
        tools: list[dict[str, Any]] = json.loads(audit.stdout or "{}").get("tools", [])
    except json.JSONDecodeError as exc:
        found.crashes.append(f"output is not JSON: {exc}")
        return found
    for diagnostic in diagnostics:
        found.findings[diagnostic["code"]] += 1
        if diagnostic["code"] == "TAV999":
            found.crashes.append(
                f"TAV999 at {diagnostic['path']}:{diagnostic['line']}: {diagnostic['message']}"
            )
    found.tools = len(tools)
    for tool in tools:
        found.shapes[tool.get("shape", "?")] += 1
        found.modes[tool["mode"]] += 1
        found.tool_names.append(f"{tool['name']} ({tool.get('shape', '?')}, {tool['mode']})")
    return found


def sweep_every_file(target: str, root: Path, excludes: str) -> Sweep:
    """Discovery and rules on every file, past the prefilter: in-process, one by one.

    The CLI parses only the files the prefilter lets through; this parses them all, so
    that discovery meets every construct of the swept code.
    """
    import libcst as cst

    from toolargs.analysis import analyze_module, report
    from toolargs.config import Config
    from toolargs.source import SourceError, guard, read

    found = Sweep(f"{target} (every file parsed)")
    started = time.perf_counter()
    config = Config()
    for path in python_files(root, excludes):
        found.files += 1
        try:
            source = read(path)
            guard(source, str(path))
            module = cst.parse_module(source)
        except SourceError as exc:
            found.errors.append(str(exc))
            continue
        except cst.ParserSyntaxError as exc:
            found.errors.append(f"{path}:{exc.raw_line}: cannot parse: {exc.message}")
            continue
        try:
            analysis = analyze_module(module, str(path), config)
            file_report = report(analysis, str(path))
        except Exception as exc:  # noqa: BLE001 - counted and shown: what a sweep is for
            found.crashes.append(f"{path}: {type(exc).__name__}: {exc}")
            continue
        for diagnostic in file_report.diagnostics:
            found.findings[diagnostic.code] += 1
        for tool in file_report.tools:
            found.tools += 1
            found.shapes[tool.shape] += 1
            found.modes[tool.mode] += 1
            found.tool_names.append(f"{tool.name} ({tool.shape}, {tool.mode}) {tool.path}")
    found.seconds = round(time.perf_counter() - started, 1)
    return found


def show(result: Sweep) -> None:
    print(f"== {result.target}: {result.files} files, {result.seconds} s")
    print(f"   tools: {result.tools}  shapes: {dict(result.shapes)}  modes: {dict(result.modes)}")
    print(f"   findings: {dict(sorted(result.findings.items()))}")
    print(f"   files not judged: {len(result.errors)}")
    for line in result.errors:
        print(f"     {line}")
    print(f"   crashes: {len(result.crashes)}")
    for line in result.crashes:
        print(f"     {line}")


def table(results: list[Sweep]) -> None:
    """One Markdown row per target, every target listed: the table docs/reliability.md shows.

    With --every-file, the in-process run's tool count stands beside the CLI's; the
    files not judged and the crashes are those of both runs.
    """
    print("| target | files | tools (CLI) | tools (every file parsed) | shapes | not judged "
          "| crashes |")
    print("| --- | ---: | ---: | ---: | --- | ---: | ---: |")
    every_file = " (every file parsed)"
    runs: dict[str, list[Sweep]] = {}
    for r in results:
        runs.setdefault(r.target.removesuffix(every_file), []).append(r)
    for target, pair in runs.items():
        cli = pair[0]
        full = next((r for r in pair if r.target.endswith(every_file)), None)
        shapes = ", ".join(f"{name} {count}" for name, count in sorted(cli.shapes.items()))
        errors = sum(len(r.errors) for r in pair)
        crashes = sum(len(r.crashes) for r in pair)
        print(f"| {target} | {cli.files} | {cli.tools} | {full.tools if full else '-'} "
              f"| {shapes or '-'} | {errors} | {crashes} |")


def _plain_counts(result: Sweep) -> dict[str, dict[str, int]]:
    """Counters as plain dicts: `asdict` would rebuild them from (key, count) pairs."""
    return {
        "shapes": dict(result.shapes),
        "modes": dict(result.modes),
        "findings": dict(result.findings),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stdlib", action="store_true", help="sweep the standard library")
    parser.add_argument("--servers", type=Path, help="a folder holding one folder per server")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per command")
    parser.add_argument("--json", type=Path, help="write the counts to this file")
    parser.add_argument("--tools", action="store_true", help="list every tool found")
    parser.add_argument("--table", action="store_true", help="end with a Markdown table")
    parser.add_argument(
        "--every-file",
        action="store_true",
        help="also parse and analyse every file in-process, past the prefilter",
    )
    args = parser.parse_args(argv)
    targets: list[tuple[str, Path, str]] = []
    if args.stdlib:
        stdlib = Path(sysconfig.get_paths()["stdlib"])
        targets.append((f"stdlib {stdlib}", stdlib, "site-packages,dist-packages"))
    if args.servers:
        targets += [
            (folder.name, folder, "")
            for folder in sorted(args.servers.iterdir())
            if folder.is_dir() and any(folder.rglob("*.py"))
        ]
    if not targets:
        parser.error("name --stdlib and/or --servers DIR")
    results = []
    for name, root, excludes in targets:
        runs = [sweep(name, root, excludes, args.timeout)]
        if args.every_file:
            runs.append(sweep_every_file(name, root, excludes))
        for result in runs:
            show(result)
            if args.tools:
                for tool in result.tool_names:
                    print(f"     tool {tool}")
            results.append(result)
    files = sum(r.files for r in results)
    crashes = sum(len(r.crashes) for r in results)
    tools = sum(r.tools for r in results)
    print(f"total: {len(results)} runs, {files} files, {tools} tools, crashes: {crashes}")
    if args.table:
        table(results)
    if args.json:
        rows = [{**asdict(r), **_plain_counts(r)} for r in results]
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
