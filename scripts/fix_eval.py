"""`toolargs fix` on real servers: check, fix, check, fix again, as a Markdown table.

    python scripts/fix_eval.py mcp-server-sqlite==2025.4.25 mcp-obsidian==0.2.3 ...

Each dist==version is downloaded by its pinned version (scripts/corpus.py's
fetch_release, source distribution when there is one) into WORK/src/<dist>, copied to
WORK/fixed/<dist>, and toolargs is run on the folder the studied corpus names
(benchmarks/realworld/servers/<dist>.toml `analyse`), else on the one package under the
copy that imports mcp or fastmcp. Per server: findings before and after by code, the
share of TAV1xx/2xx/3xx/5xx fixed, `enforce_policy(` lines added, files changed, whether
every changed file parses, and whether a second fix changes nothing. Server code stays
under WORK (default /tmp/work/fixeval); nothing is installed or run.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from corpus import fetch_release  # noqa: E402

SERVERS = ROOT / "benchmarks" / "realworld" / "servers"
FIXED_FAMILIES = ("TAV1", "TAV2", "TAV3", "TAV5")
ENFORCE_CALL = re.compile(r"^\s*enforce_policy\(")


def toolargs(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolargs", *args], capture_output=True, text=True, timeout=900
    )


def findings(folder: Path) -> Counter[str]:
    result = toolargs("check", "--format", "json", str(folder))
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


def evaluate(requirement: str, work: Path) -> dict[str, object]:
    dist, _, version = requirement.partition("==")
    source = fetch_release(dist, version, work / "src" / dist, sdist=True)
    copy = work / "fixed" / dist
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(source, copy)
    folder, framework = analysed(dist, copy)
    before, start = findings(folder), hashes(folder)
    toolargs("fix", str(folder))
    after, fixed = findings(folder), hashes(folder)
    changed = [p for p in fixed if start.get(p) != fixed[p]]
    parses = True
    for path in changed:
        try:
            ast.parse(path.read_text(encoding="utf-8"))
        except SyntaxError:
            parses = False
    added = 0
    for path in changed:
        original = (source / path.relative_to(copy)).read_text(encoding="utf-8")
        now = path.read_text(encoding="utf-8")
        count = sum(1 for line in now.splitlines() if ENFORCE_CALL.match(line))
        added += count - sum(1 for line in original.splitlines() if ENFORCE_CALL.match(line))
    toolargs("fix", str(folder))
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("servers", nargs="+", help="dist==version")
    parser.add_argument("--work", type=Path, default=Path("/tmp/work/fixeval"))
    parser.add_argument("--out", type=Path, help="also write the table here")
    options = parser.parse_args(argv)
    rows = [evaluate(requirement, options.work) for requirement in options.servers]
    text = table(rows)
    print(text)
    if options.out is not None:
        options.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
