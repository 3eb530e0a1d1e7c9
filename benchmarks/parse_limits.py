"""What pathological input does to libcst, to `ast`, and to toolargs' own walk.

    python benchmarks/parse_limits.py            # every case (several minutes)
    python benchmarks/parse_limits.py --quick    # the cases that take seconds

Each case is run in its own process, so a parser that crashes its process (a
segmentation fault) is a result, not the end of the run. CPU time of the parse alone;
the table in docs/reliability.md is this script's output. The input guard of
`toolargs.source` refuses files past its depth limit before libcst sees them; the
"toolargs walk" cases bypass it to show how far the analysis itself goes. What the guard
costs on ordinary files: benchmarks/breakdown.py.
"""

from __future__ import annotations

import argparse
import json
import platform
import signal
import subprocess
import sys
import time
from typing import Callable

# Each kind builds a module from a size n.
KINDS: dict[str, Callable[[int], str]] = {
    "plus chain": lambda n: "x = " + " + ".join(["x"] * n) + "\n",
    "and chain": lambda n: "x = " + " and ".join(["x"] * n) + "\n",
    "attribute chain": lambda n: "x = x" + ".a" * n + "\n",
    "call chain": lambda n: "x = f" + "()" * n + "\n",
    "nested parentheses": lambda n: "x = " + "(" * n + "1" + ")" * n + "\n",
    "nested lists": lambda n: "x = " + "[" * n + "]" * n + "\n",
    "indentation levels": lambda n: "".join(
        "    " * i + "if x:\n" for i in range(n)
    ) + "    " * n + "pass\n",
    "implicitly concatenated strings": lambda n: "x = (\n" + "    'a'\n" * n + ")\n",
}

# (kind, sizes, parser) in the order of the published table; --quick keeps the first group.
QUICK = [
    ("plus chain", [1000, 2000], "libcst"),
    ("attribute chain", [2000], "libcst"),
    ("call chain", [2000], "libcst"),
    ("indentation levels", [100, 101], "libcst"),
    ("implicitly concatenated strings", [4000], "libcst"),
    ("nested parentheses", [199, 200, 201], "ast"),
    ("nested lists", [199, 200, 201], "ast"),
    ("indentation levels", [99, 100, 101], "ast"),
    ("plus chain", [2000, 3000, 4000], "ast"),
    ("plus chain", [400, 1000, 3000], "toolargs walk"),
    ("nested lists", [200, 300, 1000], "toolargs walk"),
]
SLOW = [
    ("plus chain", [4000, 7200], "libcst"),
    ("and chain", [7200], "libcst"),
    ("attribute chain", [4000], "libcst"),
    ("call chain", [4000], "libcst"),
    ("nested parentheses", [1300], "libcst"),
]
TIMEOUT = 600


def run_one(kind: str, n: int, parser: str) -> None:
    """In the child: build the source, parse it, print what happened as JSON."""
    source = KINDS[kind](n)
    start = time.process_time()
    try:
        if parser == "libcst":
            import libcst

            libcst.parse_module(source)
        elif parser == "ast":
            import ast

            ast.parse(source)
        else:  # toolargs walk: discovery and rules on the parsed tree, the guard bypassed
            import libcst

            from toolargs.analysis import analyze_module
            from toolargs.config import Config

            tool = (
                "from .registry import tool\n\n\n@tool(name='t', input_schema={})\n"
                "def t(arguments: dict) -> dict:\n    " + source + "    return {}\n"
            )
            module = libcst.parse_module(tool)
            start = time.process_time()  # the walk alone, not the parse
            analyze_module(module, "case.py", Config(), tool)
    except SyntaxError as exc:
        outcome = f"syntax error ({exc.msg})"
    except Exception as exc:  # noqa: BLE001 - every failure is an outcome
        message = str(exc).splitlines()[0] if str(exc) else ""
        outcome = f"{type(exc).__name__}" + (f" ({message[:60]})" if message else "")
    else:
        outcome = "parsed" if parser in ("libcst", "ast") else "judged"
    print(json.dumps({"outcome": outcome, "seconds": time.process_time() - start}))


def measure(kind: str, n: int, parser: str) -> str:
    try:
        child = subprocess.run(
            [sys.executable, __file__, "--one", kind, str(n), parser],
            capture_output=True, text=True, timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return f"still running after {TIMEOUT} s"
    if child.returncode < 0:
        name = signal.Signals(-child.returncode).name
        return "segmentation fault" if name == "SIGSEGV" else f"killed by {name}"
    if child.returncode != 0:
        last = (child.stderr.strip().splitlines() or ["?"])[-1]
        return f"exit {child.returncode}: {last[:80]}"
    result = json.loads(child.stdout)
    if result["outcome"] in ("parsed", "judged"):
        return f"{result['outcome']} in {result['seconds']:.2f} s"
    return str(result["outcome"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the cases that take minutes")
    parser.add_argument("--one", nargs=3, metavar=("KIND", "N", "PARSER"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        run_one(args.one[0], int(args.one[1]), args.one[2])
        return 0
    from importlib.metadata import version as installed

    version = installed("libcst")
    print(f"python {platform.python_version()}, libcst {version}, one process per case")
    print("| input | parsed by | what happens |")
    print("| --- | --- | --- |")
    for kind, sizes, by in QUICK + ([] if args.quick else SLOW):
        for n in sizes:
            print(f"| {kind}, {n} | {by} | {measure(kind, n, by)} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
