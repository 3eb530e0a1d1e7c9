"""`measure --first-contact`: toolargs' audit of each sampled server against its listing.

Truth is what the running server listed (`listings/`) and what a person judged from its
code (`judgements/`); toolargs' audit decides none of it. The audit runs on the
server's source distribution, on the top-level packages its console script comes from
(what a maintainer would point toolargs at), with whichever toolargs `python -m
toolargs` imports (set PYTHONPATH to measure another checkout). A distribution with no
code of its own (its console script is a dependency's) is audited as installed in the
environment its listing ran in, and that environment's site-packages are given to
toolargs as the server's dependencies (TOOLARGS_DEPENDENCY_PATH, whose signatures it may
read), as a project's own environment gives them.
"""

from __future__ import annotations

import ast
import json
import os
import re
import statistics
import subprocess
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Sequence
from typing import Any

from corpus_first_contact import listings, load_sample, sample_folder

NOT_PACKAGES = {"tests", "test", "docs", "doc", "examples", "example", "scripts", "benchmarks"}


@dataclass
class Result:
    dist: str
    stratum: str
    framework: str
    listed: list[str]
    found: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    phantoms: list[str] = field(default_factory=list)
    unnamed: list[str] = field(default_factory=list)  # tools whose names the checker cannot read
    optional: list[str] = field(default_factory=list)
    annotated: int = 0
    annotated_right: int = 0
    annotated_wrong: list[str] = field(default_factory=list)
    keys_judged: int = 0  # found tools with a judged unknown-key behaviour
    keys_decided: int = 0  # ...that toolargs decided (not "unknown")
    keys_right: int = 0
    keys_wrong: list[str] = field(default_factory=list)
    modes_judged: int = 0  # found unannotated tools with a judged mode
    modes_right: int = 0
    modes_wrong: list[str] = field(default_factory=list)
    tav904: int = 0
    findings: int = 0
    error: str = ""
    audit: list[dict[str, Any]] = field(default_factory=list)


def listed_mode(annotations: dict[str, Any] | None) -> str | None:
    """The mode a tool's listed annotations declare, or None when they declare none."""
    if not annotations:
        return None
    read_only = annotations.get("readOnlyHint")
    if read_only is True:
        return "read-only"
    if read_only is False or annotations.get("destructiveHint") is True:
        return "mutation"
    return None


def analysed_folders(unpacked: Path) -> list[Path]:
    """The import packages of an unpacked distribution: the one its console scripts come
    from when that can be read (with, for a lone module, the packages beside it and the
    lone modules beside it that it imports), else every top-level package but tests and
    docs."""
    roots = [unpacked / "src", unpacked] if (unpacked / "src").is_dir() else [unpacked]
    modules = script_modules(unpacked)
    mapped = package_dirs(unpacked)
    chosen = []
    for top in modules:
        if top in mapped and (unpacked / mapped[top]).is_dir():  # package-dir = {top = "."}
            chosen.append((unpacked / mapped[top]).resolve())
            continue
        for root in roots:
            if (root / top).is_dir():
                chosen.append(root / top)
                break
            if (root / f"{top}.py").is_file():
                chosen.append(root / f"{top}.py")
                break
    if any(path.suffix == ".py" for path in chosen):
        # A console script in a lone module of a flat layout imports the packages beside
        # it (`main.py` with `gmail/`, `core/`; `main.py` putting `src/` on the path): the
        # maintainer checks them all, and the lone modules beside it that it imports
        # (`import api_posts` next to `mcp_server.py`: the script's folder is on the path).
        chosen += [child for root in roots for child in _packages_in(root) if child not in roots]
        chosen += _imported_siblings([path for path in chosen if path.suffix == ".py"])
    elif any(path.parent == unpacked / "src" for path in chosen):
        chosen += _packages_in(unpacked / "src")  # what src/ holds is what is shipped
    if chosen:
        return sorted(set(chosen))
    found = []
    for root in roots:
        for child in sorted(root.iterdir()):
            if child.is_dir() and (child / "__init__.py").is_file():
                if child.name not in NOT_PACKAGES and not child.name.endswith(".dist-info"):
                    found.append(child)
        if found:
            break
    return found or [unpacked]


def _imported_siblings(modules: list[Path]) -> list[Path]:
    """The lone modules beside `modules` that they import, and those they import in turn."""
    seen = {path.resolve() for path in modules}
    found: list[Path] = []
    queue = list(modules)
    while queue and len(found) < 200:
        module = queue.pop()
        try:
            tree = ast.parse(module.read_text(encoding="utf-8", errors="replace"))
        except (SyntaxError, ValueError, OSError):
            continue
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        for name in sorted(names):
            sibling = module.parent / f"{name}.py"
            if sibling.is_file() and sibling.resolve() not in seen:
                seen.add(sibling.resolve())
                found.append(sibling)
                queue.append(sibling)
    return found


def _packages_in(root: Path) -> list[Path]:
    """The folders of `root` that hold Python modules, but tests, docs and metadata."""
    return [
        child for child in sorted(root.iterdir())
        if child.is_dir() and child.name not in NOT_PACKAGES and child.name.isidentifier()
        and any(child.glob("*.py"))
    ]  # fmt: skip


def package_dirs(unpacked: Path) -> dict[str, str]:
    """Top-level packages whose folder the distribution names itself: setuptools'
    `package-dir` (`pandrator_mcp = "."` ships the root folder as the package)."""
    mapped: dict[str, str] = {}
    pyproject = unpacked / "pyproject.toml"
    if pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            data = {}
        given = data.get("tool", {}).get("setuptools", {}).get("package-dir", {})
        mapped.update({k: str(v) for k, v in given.items() if k and "." not in k})
        # hatch's wheel `sources = {"src" = "pkg"}`: the folder `src` ships as `pkg`
        wheel = data.get("tool", {}).get("hatch", {}).get("build", {}).get("targets", {})
        sources = wheel.get("wheel", {}).get("sources", {})
        if isinstance(sources, dict):
            mapped.update({
                str(top): str(folder) for folder, top in sources.items()
                if folder and top and "/" not in str(top) and "." not in str(top)
            })  # fmt: skip
    return mapped


def _python_in(path: Path) -> bool:
    return path.suffix == ".py" or path.is_dir() and any(path.rglob("*.py"))


def audit_inputs(
    unpacked: Path, listing: dict[str, Any]
) -> tuple[list[Path], list[Path]]:
    """The folders toolargs is run on (`analysed_folders`; for a distribution with no
    code of its own, `installed_code`), and the server's dependencies as the environment
    its listing ran in holds them (what a project's own environment gives toolargs)."""
    folders = analysed_folders(unpacked)
    if not any(_python_in(folder) for folder in folders):
        folders = installed_code(unpacked, listing) or folders
    return folders, site_packages(unpacked, listing)


def site_packages(unpacked: Path, listing: dict[str, Any]) -> list[Path]:
    """The site-packages of the environment the server's listing ran in."""
    from corpus_listing import venv_folder

    attempts = listing.get("attempts") or [{}]
    constraint = str(attempts[-1].get("constraint", ""))
    venv = venv_folder(listing["dist"], listing["version"], unpacked.parents[2], constraint)
    return sorted(venv.glob("lib/python*/site-packages"))


def installed_code(unpacked: Path, listing: dict[str, Any]) -> list[Path]:
    """A distribution with no code of its own (a name whose console script comes from a
    dependency it pins: `secops_mcp.server:main` shipped by google-secops-mcp): the
    script's packages as installed in the environment its listing ran in, read as
    source like any other (never imported)."""
    found = []
    for site in site_packages(unpacked, listing):
        for top in script_modules(unpacked):
            for candidate in (site / top, site / f"{top}.py"):
                if candidate.exists() and _python_in(candidate):
                    found.append(candidate)
    return found


def script_modules(unpacked: Path) -> list[str]:
    tops: list[str] = []
    for entry_points in unpacked.glob("*.dist-info/entry_points.txt"):
        section = ""
        for line in entry_points.read_text(encoding="utf-8", errors="replace").splitlines():
            line = line.strip()
            if line.startswith("["):
                section = line.strip("[]")
            elif section == "console_scripts" and "=" in line:
                tops.append(line.split("=", 1)[1].strip().split(".")[0].split(":")[0])
    pyproject = unpacked / "pyproject.toml"
    if not tops and pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            data = {}
        for target in data.get("project", {}).get("scripts", {}).values():
            tops.append(str(target).split(":")[0].split(".")[0].strip())
    if not tops:
        for setup in (unpacked / "setup.py", unpacked / "setup.cfg"):
            if setup.is_file():
                text = setup.read_text(encoding="utf-8", errors="replace")
                tops += re.findall(r"=\s*([A-Za-z_][\w]*)[\w.]*:\w+", text)
    return list(dict.fromkeys(t for t in tops if t))


def run_audit(
    folders: list[Path], dependencies: Sequence[Path] = ()
) -> list[dict[str, Any]]:
    command = [sys.executable, "-m", "toolargs", "audit", "--format", "json",
               *map(str, folders)]  # fmt: skip
    env = dict(os.environ)
    if dependencies:  # read by toolargs.flow.dependencies (signatures only, never imported)
        env["TOOLARGS_DEPENDENCY_PATH"] = os.pathsep.join(map(str, dependencies))
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, env=env)
    if done.returncode not in (0, 1) and not _audited_but_refused(done):
        last = done.stderr.strip().splitlines()[-1:] or [f"exit {done.returncode}"]
        raise RuntimeError(last[0][:300])
    # A file the checker failed on is reported and skipped, its tools missing: a broken
    # checker (or one edited while it runs) must not read as tools it did not find.
    crashed = [line for line in done.stderr.splitlines() if "internal error" in line]
    if crashed:
        raise RuntimeError(crashed[0][:300])
    tools: list[dict[str, Any]] = json.loads(done.stdout)["tools"]
    return tools


def _audited_but_refused(done: subprocess.CompletedProcess[str]) -> bool:
    """Exit 2 because some files could not be analysed (too deep, not Python), while the
    audit of the others is whole: its tools count, the refused files' do not (a file
    the guard refuses is the checker's limit, not the run's failure)."""
    if done.returncode != 2 or "internal error" in done.stderr:
        return False
    try:
        return "tools" in json.loads(done.stdout)
    except ValueError:
        return False


def judgement(folder: Path, dist: str) -> dict[str, Any]:
    path = folder / "judgements" / f"{dist}.toml"
    if not path.is_file():
        return {}
    return tomllib.loads(path.read_text(encoding="utf-8"))


def checked_phantoms(folder: Path) -> dict[str, dict[str, str]]:
    """Phantoms checked by hand after measuring: {dist: {tool: "optional" | "phantom"}}."""
    path = folder / "phantoms.toml"
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {dist: {t["name"]: t["verdict"] for t in v.get("tool", [])} for dist, v in data.items()}


def measure_one(
    server: dict[str, Any], listing: dict[str, Any], unpacked: Path, judged: dict[str, Any],
    phantom_checks: dict[str, str], saved: dict[str, Any] | None = None,
) -> Result:  # fmt: skip
    tools = listing["tools"]
    listed = list(dict.fromkeys(t["name"] for t in tools))
    result = Result(server["dist"], server["stratum"], listing["framework"], listed)
    try:
        if saved is not None:  # an earlier run's audit, scored again against new truth
            if saved.get("error"):
                raise RuntimeError(saved["error"])
            audit = saved["audit"]
        else:
            audit = run_audit(*audit_inputs(unpacked, listing))
    except (RuntimeError, OSError, ValueError, subprocess.TimeoutExpired) as exc:
        result.error = str(exc)
        result.missed = listed
        return result
    result.audit = audit
    by_name: dict[str, dict[str, Any]] = {}
    for tool in audit:
        if tool.get("name_unread"):
            # registered under a name the checker says it cannot read: no claim that a
            # tool of the function's name exists, so neither found nor a phantom
            result.unnamed.append(tool["name"])
            continue
        by_name.setdefault(tool["name"], tool)
    result.found = [n for n in listed if n in by_name]
    result.missed = [n for n in listed if n not in by_name]
    optional = set(judged.get("server", {}).get("optional", ()))
    optional |= {n for n, verdict in phantom_checks.items() if verdict == "optional"}
    extra = sorted(set(by_name) - set(listed))
    result.optional = [n for n in extra if n in optional]
    result.phantoms = [n for n in extra if n not in optional]
    result.tav904 = sum("TAV904" in t.get("findings", ()) for t in audit if t["name"] in listed)
    result.findings = sum(len(t.get("findings", ())) for t in audit)
    server_judged = judged.get("server", {})
    per_tool = {t["name"]: t for t in judged.get("tool", [])}
    for entry in tools:
        name = entry["name"]
        audited = by_name.get(name)
        if audited is None:
            continue
        declared = listed_mode(entry.get("annotations"))
        if declared is not None:
            result.annotated += 1
            if audited["mode"] == declared:
                result.annotated_right += 1
            else:
                result.annotated_wrong.append(f"{name} ({declared}, toolargs {audited['mode']})")
        else:
            judged_mode = per_tool.get(name, {}).get("mode")
            if judged_mode:
                result.modes_judged += 1
                if audited["mode"] == judged_mode:
                    result.modes_right += 1
                else:
                    result.modes_wrong.append(
                        f"{name} (by hand {judged_mode}, toolargs {audited['mode']}: "
                        f"{audited.get('mode_source', '')})"
                    )
        keys = per_tool.get(name, {}).get("unknown_keys") or server_judged.get("unknown_keys")
        if keys:
            result.keys_judged += 1
            said = audited.get("unknown_keys", "unknown")
            if said != "unknown":
                result.keys_decided += 1
            if said == keys:
                result.keys_right += 1
            else:
                result.keys_wrong.append(f"{name} (by hand {keys}, toolargs {said})")
    return result


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def report(results: list[Result], failures: list[dict[str, Any]], all_listings: list[dict[str, Any]]) -> str:
    lines = [
        "| server | stratum | listed on | listed | found | missed | phantoms (optional) "
        "| annotated: mode right | unknown key right (decided) | unannotated: mode right "
        "| TAV904 |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        lines.append(
            f"| {r.dist} | {r.stratum} | {r.framework} | {len(r.listed)} | {len(r.found)} "
            f"| {len(r.missed)}{' (' + r.error + ')' if r.error else ''} "
            f"| {len(r.phantoms)} ({len(r.optional)}) | {r.annotated_right}/{r.annotated} "
            f"| {r.keys_right}/{r.keys_judged} ({r.keys_decided}) "
            f"| {r.modes_right}/{r.modes_judged} | {r.tav904} |"
        )
    listed = sum(len(r.listed) for r in results)
    found = sum(len(r.found) for r in results)
    phantoms = sum(len(r.phantoms) for r in results)
    optional = sum(len(r.optional) for r in results)
    annotated = sum(r.annotated for r in results)
    annotated_right = sum(r.annotated_right for r in results)
    keys_judged = sum(r.keys_judged for r in results)
    keys_right = sum(r.keys_right for r in results)
    keys_decided = sum(r.keys_decided for r in results)
    modes_judged = sum(r.modes_judged for r in results)
    modes_right = sum(r.modes_right for r in results)
    tav904 = sum(r.tav904 for r in results)
    lines.append(
        f"| **{len(results)} servers** | | | **{listed}** | **{found} ({pct(found, listed)})** "
        f"| **{listed - found}** | **{phantoms} ({optional})** "
        f"| **{annotated_right}/{annotated} ({pct(annotated_right, annotated)})** "
        f"| **{keys_right}/{keys_judged} ({pct(keys_right, keys_judged)}; decided "
        f"{pct(keys_decided, keys_judged)})** "
        f"| **{modes_right}/{modes_judged} ({pct(modes_right, modes_judged)})** "
        f"| **{tav904} ({pct(tav904, found)} of found)** |"
    )
    strata = Counter[str]()
    strata_found = Counter[str]()
    for r in results:
        strata[r.stratum] += len(r.listed)
        strata_found[r.stratum] += len(r.found)
    lines += ["", "| stratum | servers | listed | found |", "| --- | ---: | ---: | ---: |"]
    for stratum in sorted(strata):
        servers = sum(r.stratum == stratum for r in results)
        lines.append(
            f"| {stratum} | {servers} | {strata[stratum]} "
            f"| {strata_found[stratum]} ({pct(strata_found[stratum], strata[stratum])}) |"
        )
    reasons = Counter(f["reason"] for f in failures)
    lines += ["", f"Servers that could not be listed: {len(failures)}"]
    lines += [f"- {reason}: {n}" for reason, n in reasons.most_common()]
    times = [l["seconds"].get("total", 0.0) for l in all_listings if l.get("seconds")]
    if times:
        worst = max(all_listings, key=lambda l: l.get("seconds", {}).get("total", 0.0))
        lines.append(
            f"\nTime per server (install + start + list): median {statistics.median(times):.1f} s, "
            f"worst {max(times):.1f} s ({worst['dist']})."
        )
    details = []
    for r in results:
        for label, items in (("missed", r.missed), ("phantoms", r.phantoms),
                             ("named at run time, name unread", r.unnamed),
                             ("annotated mode wrong", r.annotated_wrong),
                             ("unknown key wrong", r.keys_wrong),
                             ("unannotated mode wrong", r.modes_wrong)):  # fmt: skip
            if items:
                shown = ", ".join(items[:8]) + (f" … ({len(items)} in all)" if len(items) > 8 else "")
                details.append(f"- {r.dist}: {label}: {shown}")
    if details:
        lines += ["", "Details:", *details]
    return "\n".join(lines)


def measure_first_contact(
    root: Path, name: str, dest: Path, only: list[str], json_out: Path | None,
    audits: Path | None = None,
) -> int:  # fmt: skip
    """Measure, or with `audits` (a --json of an earlier run) score those audits again."""
    saved = {}
    if audits is not None:
        saved = {r["dist"]: r for r in json.loads(audits.read_text(encoding="utf-8"))}
    folder = sample_folder(root, name)
    sample = load_sample(root, name)
    listed = listings(root, name)
    phantom_checks = checked_phantoms(folder)
    results, failures = [], []
    for server in sample["servers"]:
        if only and server["dist"] not in only:
            continue
        listing = listed.get(server["dist"])
        if listing is None:
            continue
        if listing.get("error"):
            failures.append(listing)
            continue
        unpacked = dest / "first-contact" / name / server["dist"]
        if not unpacked.is_dir() and not audits:
            raise SystemExit(f"corpus: {server['dist']} is not fetched: "
                             f"python scripts/corpus.py fetch --sample {name}")  # fmt: skip
        results.append(measure_one(server, listing, unpacked, judgement(folder, server["dist"]),
                                   phantom_checks.get(server["dist"], {}),
                                   saved.get(server["dist"]) if audits else None))  # fmt: skip
        print(f"measured {server['dist']}", file=sys.stderr, flush=True)
    print(report(results, failures, [l for d, l in listed.items() if not only or d in only]))
    if json_out:
        data = [{k: v for k, v in r.__dict__.items()} for r in results]
        json_out.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return 0
