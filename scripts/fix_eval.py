"""`toolargs fix` on real servers: check, fix, check, fix again, as a Markdown table.

    python scripts/fix_eval.py mcp-server-sqlite==2025.4.25 mcp-obsidian==0.2.3 ...

Each dist==version is downloaded by its pinned version (scripts/corpus.py's
fetch_release, source distribution when there is one) into WORK/src/<dist>, copied to
WORK/fixed/<dist>, and toolargs is run on the folder the studied corpus names
(benchmarks/realworld/servers/<dist>.toml `analyse`), else on the one package under the
copy that imports mcp or fastmcp. Per server: findings before and after by code, the
share of TAV1xx/2xx/3xx/5xx fixed, `enforce_policy(` lines added, files changed, whether
every changed file parses, and whether a second fix changes nothing. When `corpus.py
list-tools` installed the server on this machine (.corpus/venvs), toolargs is given that
environment's site-packages as the server's dependencies (TOOLARGS_DEPENDENCY_PATH), as
`corpus.py measure` gives them. Server code stays
under WORK (default /tmp/work/fixeval); without --tests, nothing is installed or run.

    python scripts/fix_eval.py --tests mcp-server-git==2026.10.19 ...

With --tests, each server's own test suite also runs before and after the fix: the
unpacked source is copied to WORK/tests/<dist>, installed editable into a fresh virtual
environment (WORK/venvs/<dist>, made with uv) with its test requirements and toolargs from
this checkout, its tests run, `toolargs fix` rewrites the copy, and the same tests run again
in the same environment. toolargs there is this checkout's committed HEAD (unpacked with
git archive), and fix is run with it. The server's requirements are its uv.lock when it
ships one (groups and test extras included), else its pyproject's test extras and dependency
groups; `--with DIST=REQUIREMENT` adds one. `--python` names an interpreter already on
the machine (uv is told not to download one). Per server: passed/failed/errors/skipped both
times, the tests that fail only after the fix, the files fix changed and the diff's size
(WORK/tests/<dist>.diff; pytest's output and reports beside it).
"""

from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import xml.etree.ElementTree as ElementTree
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import libcst

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from corpus import fetch_release  # noqa: E402

SERVERS = ROOT / "benchmarks" / "realworld" / "servers"
FIXED_FAMILIES = ("TAV1", "TAV2", "TAV3", "TAV5")
# `enforce_policy(mcp)`, `return enforce_policy(Server(...))`; not its import
ENFORCE_CALL = re.compile(r"^(?!\s*(?:from|import)\b).*\benforce_policy\(")


def toolargs(*args: str, dependencies: Sequence[Path] = ()) -> subprocess.CompletedProcess[str]:
    """toolargs run on a server; `dependencies`, the site-packages its own environment
    would give it (TOOLARGS_DEPENDENCY_PATH), as `corpus.py measure` runs it."""
    env = dict(os.environ)
    if dependencies:
        env["TOOLARGS_DEPENDENCY_PATH"] = os.pathsep.join(str(p) for p in dependencies)
    return subprocess.run(
        [sys.executable, "-m", "toolargs", *args], capture_output=True, text=True, timeout=900,
        env=env,
    )


def listing_site_packages(requirement: str) -> list[Path]:
    """The site-packages of the environment `corpus.py list-tools` installed the server
    in, when there is one on this machine (.corpus/venvs/<dist>-<version>[-constraint])."""
    dist, _, version = requirement.partition("==")
    venvs = ROOT / ".corpus" / "venvs"
    for venv in sorted(venvs.glob(f"{dist}-{version}*")):
        if venv.name == f"{dist}-{version}" or venv.name.startswith(f"{dist}-{version}-"):
            found = sorted(venv.glob("lib/python*/site-packages"))
            if found:
                return found
    return []


def findings(folder: Path, dependencies: Sequence[Path] = ()) -> Counter[str]:
    result = toolargs("check", "--format", "json", str(folder), dependencies=dependencies)
    try:
        return Counter(d["code"] for d in json.loads(result.stdout or "[]"))
    except json.JSONDecodeError:
        print(f"fix_eval: {folder}: {result.stderr.strip()[:300]}", file=sys.stderr)
        return Counter()


def hashes(folder: Path) -> dict[Path, str]:
    return {
        p: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*.py")) if p.is_file()
    }


def analysed(dist: str, unpacked: Path) -> tuple[Path, str]:
    """The folder to run toolargs on, and the framework as the corpus records it."""
    entry = SERVERS / f"{dist}.toml"
    if entry.is_file():
        server = tomllib.loads(entry.read_text(encoding="utf-8"))["server"]
        roots = [p for p in unpacked.iterdir() if p.is_dir()]
        for root in [unpacked, *roots]:
            if (root / server["analyse"]).exists():
                return root / server["analyse"], server.get("framework", "?")
    packages = {
        p.parent for p in unpacked.rglob("__init__.py")
        if not (p.parent.parent / "__init__.py").exists()
        and "test" not in p.parent.name
    }
    using = [
        p for p in sorted(packages)
        if any(
            re.search(r"^\s*(from|import) (mcp|fastmcp)\b", f.read_text(errors="ignore"), re.M)
            for f in p.rglob("*.py")
        )
    ]
    return (using[0] if using else unpacked), "?"


def family_total(counts: Counter[str]) -> int:
    return sum(n for code, n in counts.items() if code.startswith(FIXED_FAMILIES))


def codes(counts: Counter[str]) -> str:
    return " ".join(f"{c}×{n}" for c, n in sorted(counts.items())) or "–"


def fresh_copy(
    requirement: str, work: Path, purpose: str
) -> tuple[str, Path, Path, Path, str]:
    """The release's source distribution copied afresh to `work/<purpose>/<dist>`: its
    name, the unpacked original, the copy, the folder of the copy toolargs is run on and
    the framework noted for it."""
    dist, _, version = requirement.partition("==")
    source = fetch_release(dist, version, work / "src" / dist, sdist=True)
    copy = work / purpose / dist
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(source, copy)
    folder, framework = analysed(dist, copy)
    return dist, source, copy, folder, framework


def _parses(text: str) -> bool:
    """Whether Python parses `text`: this interpreter's parser, else libcst's, which also
    reads the syntax of newer Pythons than the one running (`def f[T](x: T)`, 3.12)."""
    try:
        ast.parse(text)
        return True
    except SyntaxError:
        pass
    try:
        libcst.parse_module(text)
        return True
    except libcst.ParserSyntaxError:
        return False


def evaluate(requirement: str, work: Path) -> dict[str, object]:
    dist, source, copy, folder, framework = fresh_copy(requirement, work, "fixed")
    dependencies = listing_site_packages(requirement)
    before, start = findings(folder, dependencies), hashes(folder)
    toolargs("fix", str(folder), dependencies=dependencies)
    after, fixed = findings(folder, dependencies), hashes(folder)
    changed = [p for p in fixed if start.get(p) != fixed[p]]
    parses = all(_parses(path.read_text(encoding="utf-8")) for path in changed)
    added = 0
    for path in changed:
        original = (source / path.relative_to(copy)).read_text(encoding="utf-8")
        now = path.read_text(encoding="utf-8")
        count = sum(1 for line in now.splitlines() if ENFORCE_CALL.match(line))
        added += count - sum(1 for line in original.splitlines() if ENFORCE_CALL.match(line))
    toolargs("fix", str(folder), dependencies=dependencies)
    second_empty = hashes(folder) == fixed
    total_before, total_after = family_total(before), family_total(after)
    share = 100.0 * (total_before - total_after) / total_before if total_before else 100.0
    return {
        "server": requirement,
        "framework": framework,
        "folder": str(folder.relative_to(copy)),
        "before": codes(before),
        "after": codes(after),
        "fixed": f"{total_before - total_after}/{total_before} ({share:.0f}%)",
        "enforce": added,
        "files": len(changed),
        "changed": [str(p.relative_to(copy)) for p in changed],
        "parses": "yes" if parses else "NO",
        "second": "yes" if second_empty else "NO",
        "totals": (total_before, total_after),
    }


def table(rows: list[dict[str, object]]) -> str:
    head = (
        "| server | framework | findings before | after | TAV1/2/3/5 fixed | "
        "enforce_policy added | files changed | all parse | second fix empty |\n"
        "|---|---|---|---|---|---|---|---|---|\n"
    )
    lines = [
        f"| {r['server']} | {r['framework']} | {r['before']} | {r['after']} | {r['fixed']} | "
        f"{r['enforce']} | {r['files']} | {r['parses']} | {r['second']} |"
        for r in rows
    ]
    before = sum(r["totals"][0] for r in rows)  # type: ignore[index]
    after = sum(r["totals"][1] for r in rows)  # type: ignore[index]
    share = 100.0 * (before - after) / before if before else 100.0
    total = f"\n\nAll servers: {before - after} of {before} TAV1/2/3/5 findings fixed"
    total += f" ({share:.1f}%)."
    changed = "\n".join(
        f"- {r['server']} (`{r['folder']}`): "
        + (", ".join(r["changed"]) or "nothing")  # type: ignore[arg-type]
        for r in rows
    )
    return head + "\n".join(lines) + total + "\n\nFiles changed:\n" + changed + "\n"


# --- --tests: the server's own test suite before and after the fix -----------------------

TEST_EXTRAS = ("test", "tests", "testing", "dev")
# Servers without a pyproject entry for their tests often keep them in one of these.
TEST_REQUIREMENTS = (
    "requirements-dev.txt", "requirements-test.txt", "dev-requirements.txt",
    "test-requirements.txt",
)  # fmt: skip
# Always added: pytest itself (some servers declare none) and a per-test time limit.
RUNNER = ("pytest", "pytest-timeout")


@dataclass
class Outcome:
    """One run of a suite: counts as pytest's JUnit XML gives them, and which tests failed,
    so that a test failing after the fix can be told from one that failed before it too."""

    passed: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0
    failing: dict[str, str] = field(default_factory=dict)  # test id -> first lines of why
    note: str = ""  # set when pytest left no report (crash, time limit)

    def counts(self) -> str:
        if self.note:
            return self.note
        return f"{self.passed}/{self.failed}/{self.errors}/{self.skipped}"


def snapshot(work: Path) -> tuple[Path, str]:
    """This checkout's committed HEAD, unpacked under WORK: the toolargs that fixes the code
    and that the fixed code imports. Not the working tree, whose uncommitted edits (others'
    too) would make the result belong to no commit."""
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    target = work / f"toolargs-{commit}"
    if not target.is_dir():
        archive = work / f"toolargs-{commit}.tar"
        work.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["git", "-C", str(ROOT), "archive", "-o", str(archive), "HEAD"], check=True
        )
        with tarfile.open(archive) as unpacked:
            unpacked.extractall(target, filter="data")
        archive.unlink()
    return target, commit


def uv(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run uv and stop on its error: an environment that did not install measures nothing."""
    result = subprocess.run(
        ["uv", *args], capture_output=True, text=True, timeout=1800, cwd=cwd
    )
    if result.returncode != 0:
        raise RuntimeError(f"uv {' '.join(args[:3])}: {result.stderr.strip()[-600:]}")
    return result


def declared_tests(unpacked: Path) -> tuple[list[str], list[str]]:
    """The extras (test, dev, ...) and dependency-group requirements the server's own
    pyproject declares for its tests, so its suite runs as its authors run it."""
    pyproject = unpacked / "pyproject.toml"
    if not pyproject.is_file():
        return [], []
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    optional = data.get("project", {}).get("optional-dependencies", {})
    extras = [name for name in TEST_EXTRAS if name in optional]
    groups = data.get("dependency-groups", {})
    requirements = [r for group in groups.values() for r in group if isinstance(r, str)]
    requirements += data.get("tool", {}).get("uv", {}).get("dev-dependencies", [])
    return extras, requirements


def locked(unpacked: Path, extras: list[str], out: Path) -> bool:
    """Write the server's uv.lock as requirements (its groups and test extras included):
    the versions its tests last passed with, e.g. mcp 1.x for a server not ported to 2.x."""
    if not (unpacked / "uv.lock").is_file():
        return False
    command = ["export", "--frozen", "--no-emit-project", "--all-groups", "--no-hashes"]
    command += [f"--extra={name}" for name in extras] + ["-q", "-o", str(out)]
    try:
        uv(*command, cwd=unpacked)
    except RuntimeError as error:
        print(f"fix_eval: {unpacked.name}: uv.lock not used: {error}", file=sys.stderr)
        return False
    return True


def environment(
    dist: str, unpacked: Path, work: Path, python: str, extra: list[str], tool: Path
) -> tuple[Path, str]:
    """A fresh environment holding the server editable from `unpacked` (so the tests run the
    code fix rewrites there), its test requirements, pytest and toolargs from `tool`; and
    where its requirements came from. The same environment serves both runs."""
    venv = work / "venvs" / dist
    if venv.exists():
        shutil.rmtree(venv)
    # A Python already on the machine: uv would otherwise download one.
    uv("venv", "-q", "--no-python-downloads", "--python-preference", "only-system",
       "--python", python, str(venv))
    target = ["--python", str(venv / "bin" / "python")]
    extras, grouped = declared_tests(unpacked)
    lock = work / "tests" / f"{dist}.requirements.txt"
    source = "pyproject"
    if locked(unpacked, extras, lock):
        try:
            uv("pip", "install", "-q", *target, "-r", str(lock))
            grouped = []  # the lock holds the groups already, at their pinned versions
            source = "uv.lock"
        except RuntimeError as error:
            # A lock can pin what the index does not have; its pyproject still installs.
            print(f"fix_eval: {dist}: uv.lock did not install: {error}", file=sys.stderr)
            source = "pyproject (uv.lock did not install)"
    for name in TEST_REQUIREMENTS:
        if (unpacked / name).is_file():
            grouped += ["-r", str(unpacked / name)]
            source = f"{source}, {name}"
    project = f"{unpacked}[{','.join(extras)}]" if extras else str(unpacked)
    uv("pip", "install", "-q", *target, "-e", project, *grouped, *RUNNER, *extra, str(tool))
    return venv, source


def suite_args(unpacked: Path) -> list[str]:
    """Where the tests are: tests/ or test/ when there is one, else pytest's own search
    from the project root (a suite of test_*.py files beside the code)."""
    for name in ("tests", "test"):
        if (unpacked / name).is_dir():
            return [name]
    return []


def junit(report: Path) -> Outcome:
    """Counts and failing tests from pytest's JUnit XML report."""
    outcome = Outcome()
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        name = f"{case.get('classname', '')}::{case.get('name', '')}"
        bad = case.find("failure")
        bad = bad if bad is not None else case.find("error")
        if case.find("skipped") is not None:
            outcome.skipped += 1
        elif bad is not None:
            if bad.tag == "failure":
                outcome.failed += 1
            else:
                outcome.errors += 1
            text = (bad.get("message") or "").strip().splitlines()[:6]
            # A collection error's message says only that; its exception is in the text.
            raised = [line for line in (bad.text or "").splitlines() if line.startswith("E ")]
            outcome.failing[name] = "\n".join(text + raised[-1:])
        else:
            outcome.passed += 1
    return outcome


def run_suite(unpacked: Path, venv: Path, report: Path, limit: int) -> Outcome:
    """Run the server's tests with its environment first on PATH (suites that start the
    console script find this one), with no cache written into the code under test."""
    report.unlink(missing_ok=True)
    env = dict(os.environ, VIRTUAL_ENV=str(venv), PYTHONDONTWRITEBYTECODE="1")
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env.pop("PYTHONPATH", None)
    # A home of its own for each run: a suite that saves credentials or settings there
    # (`~/.config/<app>/credentials.json`) would change what the next run sees.
    home = report.with_suffix(".home")
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    env["HOME"] = str(home)
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env.pop(variable, None)
    command = [
        str(venv / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider",
        "-rfE", f"--timeout={limit}", f"--junitxml={report}", *suite_args(unpacked),
    ]  # fmt: skip
    try:
        result = subprocess.run(
            command, cwd=unpacked, env=env, capture_output=True, text=True, timeout=limit * 6
        )
    except subprocess.TimeoutExpired:
        return Outcome(note=f"stopped after {limit * 6} s")
    report.with_suffix(".log").write_text(result.stdout + result.stderr, encoding="utf-8")
    if not report.is_file():
        tail = (result.stdout + result.stderr).strip().splitlines()[-1:]
        return Outcome(note=f"no report (exit {result.returncode}: {' '.join(tail)[:120]})")
    return junit(report)


def imported_from(venv: Path, package: str, unpacked: Path) -> bool:
    """Whether the environment imports the package from the copy fix rewrote, so that the
    second run tests the fixed code and not an installed original."""
    probe = f"import importlib.util as u; print(u.find_spec({package!r}).origin)"
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-c", probe],
        capture_output=True, text=True, timeout=120, cwd="/",
    )
    origin = result.stdout.strip()
    return result.returncode == 0 and Path(origin).resolve().is_relative_to(unpacked.resolve())


def diff(source: Path, copy: Path, changed: list[Path]) -> tuple[str, int]:
    """The unified diff fix made against the unpacked original, and its +/- line count."""
    lines: list[str] = []
    for path in changed:
        relative = path.relative_to(copy)
        lines += difflib.unified_diff(
            (source / relative).read_text(encoding="utf-8").splitlines(keepends=True),
            path.read_text(encoding="utf-8").splitlines(keepends=True),
            f"a/{relative}", f"b/{relative}",
        )  # fmt: skip
    size = sum(
        1 for line in lines
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    )
    return "".join(lines), size


def evaluate_tests(
    requirement: str, work: Path, python: str, extra: list[str], limit: int, tool: Path
) -> dict[str, object]:
    """The server's own tests before and after `toolargs fix`, in one environment; fix is
    the environment's own toolargs, the one the fixed code will import."""
    dist, source, copy, folder, framework = fresh_copy(requirement, work, "tests")
    try:
        venv, origin = environment(dist, copy, work, python, extra, tool)
    except RuntimeError as error:
        # One server that does not install is reported; the others still run.
        failed = Outcome(note=f"not installed: {' '.join(str(error).split())[:200]}")
        return {
            "server": requirement, "framework": framework, "mcp": "–", "origin": "–",
            "before": failed, "after": failed, "same": False, "new": {},
            "fixed_code": False, "changed": [], "diff": 0, "patch": "",
        }  # fmt: skip
    before = run_suite(copy, venv, work / "tests" / f"{dist}.before.xml", limit)
    start = hashes(copy)
    fix = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "toolargs", "fix", str(folder)],
        capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    (work / "tests" / f"{dist}.fix.log").write_text(fix.stdout + fix.stderr, encoding="utf-8")
    changed = [p for p, digest in hashes(copy).items() if start.get(p) != digest]
    text, size = diff(source, copy, changed)
    (work / "tests" / f"{dist}.diff").write_text(text, encoding="utf-8")
    fixed_code = imported_from(venv, folder.name, copy) if folder != copy else False
    after = run_suite(copy, venv, work / "tests" / f"{dist}.after.xml", limit)
    new = {name: why for name, why in after.failing.items() if name not in before.failing}
    mcp = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import importlib.metadata as m; "
         "print(m.version('mcp'))"],
        capture_output=True, text=True, timeout=120,
    ).stdout.strip() or "–"  # fmt: skip
    return {
        "server": requirement,
        "framework": framework,
        "mcp": mcp,
        "origin": origin,
        "before": before,
        "after": after,
        "same": not new and not after.note and before.counts() == after.counts(),
        "new": new,
        "fixed_code": fixed_code,
        "changed": [str(p.relative_to(copy)) for p in changed],
        "diff": size,
        "patch": text,
    }


def tests_table(rows: list[dict[str, object]]) -> str:
    head = (
        "| server | framework (mcp installed) | requirements from | before: "
        "passed/failed/errors/skipped | after | same | files fix changed (diff lines) |\n"
        "|---|---|---|---|---|---|---|\n"
    )
    lines = []
    for r in rows:
        before, after = r["before"], r["after"]
        assert isinstance(before, Outcome) and isinstance(after, Outcome)
        changed = ", ".join(r["changed"]) or "nothing"  # type: ignore[arg-type]
        if r["changed"] and not r["fixed_code"]:
            changed += " (NOT imported from the fixed copy)"
        lines.append(
            f"| {r['server']} | {r['framework']} ({r['mcp']}) | {r['origin']} | "
            f"{before.counts()} | {after.counts()} | {'yes' if r['same'] else '**NO**'} | "
            f"{changed} ({r['diff']}) |"
        )
    notes = []
    for r in rows:
        before = r["before"]
        assert isinstance(before, Outcome)
        if before.failing:
            first, why = next(iter(before.failing.items()))
            reason = why.splitlines()[0][:140] if why else "?"
            notes.append(
                f"- {r['server']}: {len(before.failing)} failing before the fix, e.g. "
                f"`{first}`: {reason}"
            )
        for name, why in r["new"].items():  # type: ignore[attr-defined]
            notes.append(f"- {r['server']}: **fails only after the fix**: `{name}`:\n\n"
                         f"```\n{why}\n```")
        if r["new"]:
            notes.append(f"- {r['server']}: the diff fix made:\n\n```diff\n{r['patch']}```")
    return head + "\n".join(lines) + ("\n\n" + "\n".join(notes) if notes else "") + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("servers", nargs="+", help="dist==version")
    parser.add_argument("--work", type=Path, default=Path("/tmp/work/fixeval"))
    parser.add_argument("--out", type=Path, help="also write the table here")
    parser.add_argument(
        "--tests", action="store_true", help="also run each server's own tests before and after"
    )
    parser.add_argument("--python", default="3.12", help="the Python of the test environments")
    parser.add_argument(
        "--with", dest="extra", action="append", default=[], metavar="DIST=REQUIREMENT",
        help="one more requirement for DIST's test environment (repeatable)",
    )
    parser.add_argument("--timeout", type=int, default=300, help="seconds per test")
    options = parser.parse_args(argv)
    rows = [evaluate(requirement, options.work) for requirement in options.servers]
    text = table(rows)
    if options.tests:
        tool, commit = snapshot(options.work)
        extra: dict[str, list[str]] = {}
        for item in options.extra:
            dist, _, requirement = item.partition("=")
            extra.setdefault(dist, []).append(requirement)
        tested = [
            evaluate_tests(
                requirement, options.work, options.python,
                extra.get(requirement.partition("==")[0], []), options.timeout, tool,
            )
            for requirement in options.servers
        ]  # fmt: skip
        text += f"\nServers' own tests before and after fix (toolargs {commit}):\n\n"
        text += tests_table(tested)
    print(text)
    if options.out is not None:
        options.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
