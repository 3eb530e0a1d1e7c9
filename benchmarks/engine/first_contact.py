"""The value-flow engine on a first-contact sample: listed tools found, phantoms, time.

Each listed server's analysed packages (as `corpus.py measure` picks them) are handed to
`toolargs.flow.tools.analyse` in a process of their own, under a time and memory limit,
and the names found are compared with what the running server listed.

    python benchmarks/engine/first_contact.py SAMPLE [DIST ...] [--timeout 120] [--json OUT]
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "scripts"))

from corpus_measure import analysed_folders  # noqa: E402

MEMORY = 2 << 30  # bytes one analysis may use


def one(paths: list[str]) -> None:
    """In the child: analyse, print one JSON line."""
    from toolargs.flow.tools import analyse

    files: list[Path] = []
    roots = set()
    for path in map(Path, paths):
        roots.add(path.parent)
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    started = time.process_time()
    result = analyse(files, min(roots, key=lambda p: len(p.parts)))
    print(json.dumps({
        "tools": sorted({t.name for t in result.tools}),
        "unlinked": sorted({t.name for t in result.tools if t.server is None}),
        "seconds": round(time.process_time() - started, 2),
        "files": len(files),
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
        "broadened": sorted(result.broadened),
    }))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        one(argv[1:])
        return 0
    timeout = 120.0
    out = None
    if "--timeout" in argv:
        i = argv.index("--timeout")
        timeout = float(argv[i + 1])
        del argv[i : i + 2]
    if "--json" in argv:
        i = argv.index("--json")
        out = Path(argv[i + 1])
        del argv[i : i + 2]
    sample, only = argv[0], set(argv[1:])
    folder = REPO / "benchmarks/realworld/first-contact" / sample
    source = REPO / ".corpus/first-contact" / sample
    rows = []
    for listing_path in sorted((folder / "listings").glob("*.json")):
        listing = json.loads(listing_path.read_text(encoding="utf-8"))
        dist = listing["dist"]
        if listing.get("error") or (only and dist not in only):
            continue
        listed = {t["name"] for t in listing["tools"]}
        unpacked = source / dist
        if not unpacked.is_dir():
            rows.append({"dist": dist, "listed": len(listed), "error": "not fetched"})
            continue
        paths = [str(p) for p in analysed_folders(unpacked)]
        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, __file__, "--child", *paths],
                                  capture_output=True, text=True, timeout=timeout)  # fmt: skip
            got = json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 else None
            error = "" if got else (done.stderr.strip().splitlines() or ["failed"])[-1][:120]
        except subprocess.TimeoutExpired:
            got, error = None, f"timeout {timeout:.0f}s"
        wall = time.perf_counter() - started
        found = set(got["tools"]) if got else set()
        row = {
            "dist": dist, "listed": len(listed), "found": len(listed & found),
            "phantoms": sorted(found - listed),
            "unlinked": len(set(got["unlinked"]) & listed) if got else 0,
            "seconds": got["seconds"] if got else round(wall, 1),
            "peak_mb": got["peak_mb"] if got else None, "files": got["files"] if got else None,
            "broadened": got["broadened"] if got else [], "error": error,
        }  # fmt: skip
        rows.append(row)
        print(f"{dist:<45} {row['found']:>4}/{row['listed']:<4} "
              f"phantoms {len(row['phantoms']):>3} unlinked {row['unlinked']:>3} "
              f"{row['seconds']:>6}s {row['peak_mb']} MB {error}", flush=True)  # fmt: skip
    listed = sum(r["listed"] for r in rows)
    found = sum(r.get("found", 0) for r in rows)
    phantoms = sum(len(r.get("phantoms", [])) for r in rows)
    unlinked = sum(r.get("unlinked", 0) for r in rows)
    print(f"total: {found}/{listed} found ({100 * found / max(listed, 1):.1f}%), "
          f"{phantoms} phantoms, {unlinked} found but unlinked, {len(rows)} servers")
    if out is not None:
        out.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
