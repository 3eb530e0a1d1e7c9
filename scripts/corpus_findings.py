"""Findings per server of a first-contact sample, as a user running `toolargs check` sees them.

    python scripts/corpus_findings.py seed20261202 [--json OUT] [DIST ...]

`--json` also keeps every finding (path, line, code, message) per server, for review.

For every listed server of the sample, `toolargs check --format json` runs on the folders
`corpus.py measure` analyses (whichever toolargs `python -m toolargs` imports: set
PYTHONPATH to measure another checkout), and the findings are counted by code, with how
many are reported once at the server (a finding that covers several tools names how many:
"its N tool(s)"). Prints a Markdown table; nothing is installed or run but toolargs.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from corpus_first_contact import listings, load_sample
from corpus_measure import audit_inputs

ROOT = Path(__file__).resolve().parent.parent
FIRST_CONTACT = ROOT / "benchmarks" / "realworld" / "first-contact"
# A finding reported once for a server names how many of its tools it covers:
# "... before its 4 tool(s)", "4 tool(s) of SDK FastMCP server 'mcp'".
AT_SERVER = re.compile(r"\bits \d+ (?:[\w-]+ )?tool\(s\)|^TAV\d+ \d+ tool\(s\) of ")


def check(folders: list[Path], dependencies: list[Path]) -> list[dict[str, Any]]:
    command = [sys.executable, "-m", "toolargs", "check", "--format", "json", *map(str, folders)]
    env = dict(os.environ)
    if dependencies:  # as `corpus.py measure` runs it: see corpus_measure.audit_inputs
        env["TOOLARGS_DEPENDENCY_PATH"] = os.pathsep.join(map(str, dependencies))
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, env=env)
    if done.returncode not in (0, 1):
        last = done.stderr.strip().splitlines()[-1:] or [f"exit {done.returncode}"]
        raise RuntimeError(last[0][:300])
    findings: list[dict[str, Any]] = json.loads(done.stdout)
    return findings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sample")
    parser.add_argument("names", nargs="*")
    parser.add_argument("--dest", type=Path, default=ROOT / ".corpus")
    parser.add_argument("--json", type=Path)
    args = parser.parse_intermixed_args()  # `--json OUT` before or after the names
    sample = load_sample(FIRST_CONTACT, args.sample)
    listed = listings(FIRST_CONTACT, args.sample)
    rows: list[dict[str, Any]] = []
    for server in sample["servers"]:
        dist = server["dist"]
        if args.names and dist not in args.names:
            continue
        listing = listed.get(dist)
        if listing is None or listing.get("error"):
            continue
        unpacked = args.dest / "first-contact" / args.sample / dist
        try:
            findings = check(*audit_inputs(unpacked, listing))
        except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
            rows.append({"dist": dist, "error": str(exc)[:200]})
            continue
        codes = Counter(f["code"] for f in findings)
        at_server = sum(bool(AT_SERVER.search(f["message"])) for f in findings)
        rows.append({"dist": dist, "findings": len(findings), "at_server": at_server,
                     "codes": dict(sorted(codes.items())), "each": findings})  # fmt: skip
        print(f"checked {dist}", file=sys.stderr, flush=True)
    lines = ["| server | findings | at the server | by code |", "| --- | ---: | ---: | --- |"]
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['dist']} | error: {row['error']} | | |")
            continue
        shown = ", ".join(f"{c} {n}" for c, n in row["codes"].items())
        lines.append(f"| {row['dist']} | {row['findings']} | {row['at_server']} | {shown} |")
    total = sum(r.get("findings", 0) for r in rows)
    server_level = sum(r.get("at_server", 0) for r in rows)
    by_code: Counter[str] = Counter()
    for row in rows:
        by_code.update(row.get("codes", {}))
    lines.append(f"| **{len(rows)} servers** | **{total}** | **{server_level}** | "
                 + ", ".join(f"{c} {n}" for c, n in sorted(by_code.items())) + " |")  # fmt: skip
    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
