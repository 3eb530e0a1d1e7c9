"""The long fuzz run: N programs through the analysis, counting reports, errors and crashes.

    python scripts/fuzz.py --programs 5000 [--seed 1] [--keep DIR]

Programs come from hypothesmith (grammar and libcst node strategies, each placed beside a
tool and inside a tool's handler) and from the fixture corpus with lines deleted,
duplicated and swapped. A crash is an exception out of `analyze_source` or a TAV999 in its
report; each crashing program is written to --keep. The program under analysis is also
written there first, so that a segfault of the native parser leaves it behind.
Exit status: 0 when no program crashed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import faulthandler
import random
import sys
import time
import traceback
import warnings
from collections import Counter
from pathlib import Path
from typing import Callable, Iterator

import hypothesmith
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from test_fuzz import TEMPLATES, mutate, placements  # noqa: E402

from toolargs.analysis import analyze_source  # noqa: E402
from toolargs.config import Config  # noqa: E402


def hypothesmith_programs(strategy: st.SearchStrategy[str], count: int, seed: int) -> list[str]:
    """Draw `count` programs through hypothesis' engine (`.example()` is for consoles)."""
    drawn: list[str] = []

    @settings(
        max_examples=count,
        deadline=None,
        database=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(program: str) -> None:
        drawn.append(program)

    random.seed(seed)
    collect()
    return drawn


def mutated_programs(count: int, seed: int) -> Iterator[tuple[str, str]]:
    rng = random.Random(seed)
    kinds = ("delete", "duplicate", "swap")
    for _ in range(count):
        template = rng.choice(TEMPLATES)
        edits = [
            (rng.choice(kinds), rng.randrange(10_000), rng.randrange(10_000))
            for _ in range(rng.randint(1, 12))
        ]
        yield f"mutated {template.name}", mutate(template.read_text(encoding="utf-8"), edits)


class Run:
    def __init__(self, keep: Path) -> None:
        self.keep = keep
        self.config = Config()
        self.counts: Counter[str] = Counter()
        self.crashes: list[str] = []
        self.current = keep / "current.py"

    def judge(self, origin: str, source: str) -> None:
        self.current.write_text(source, encoding="utf-8")
        try:
            report = analyze_source(source, "fuzzed.py", self.config)
        except Exception:  # noqa: BLE001 - this is what the fuzzer looks for
            self.crash(origin, source, traceback.format_exc())
            return
        internal = [d.message for d in report.diagnostics if d.code == "TAV999"]
        if internal:
            self.crash(origin, source, internal[0])
        elif report.error is not None:
            self.counts["error (unparsable or refused)"] += 1
        else:
            self.counts["judged"] += 1
            self.counts["tools found"] += len(report.tools)

    def crash(self, origin: str, source: str, why: str) -> None:
        number = len(self.crashes) + 1
        (self.keep / f"crash-{number}.py").write_text(source, encoding="utf-8")
        (self.keep / f"crash-{number}.txt").write_text(f"{origin}\n{why}\n", encoding="utf-8")
        self.crashes.append(f"crash-{number}: {origin}: {why.strip().splitlines()[-1]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--programs", type=int, default=1000, help="programs per source")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, default=Path("fuzz-output"))
    args = parser.parse_args(argv)
    args.keep.mkdir(parents=True, exist_ok=True)
    faulthandler.enable()
    # hypothesmith compiles what it generates; CPython's warnings about it are noise here.
    warnings.filterwarnings("ignore", category=SyntaxWarning)
    run = Run(args.keep)
    started = time.perf_counter()

    sources: list[tuple[str, Callable[[], Iterator[tuple[str, str]]]]] = [
        ("hypothesmith grammar", lambda: _placed(hypothesmith.from_grammar(), args)),
        ("hypothesmith nodes", lambda: _placed(hypothesmith.from_node(), args)),
        ("mutated fixtures", lambda: mutated_programs(args.programs, args.seed)),
    ]
    for label, programs in sources:
        analysed = 0
        for origin, source in programs():
            run.judge(origin, source)
            analysed += 1
        print(f"{label}: {analysed} analyses, crashes so far: {len(run.crashes)}")

    total = run.counts["judged"] + run.counts["error (unparsable or refused)"] + len(run.crashes)
    print(f"analyses: {total} in {time.perf_counter() - started:.0f} s")
    for key, value in sorted(run.counts.items()):
        print(f"  {key}: {value}")
    print(f"crashes: {len(run.crashes)}")
    for line in run.crashes:
        print(f"  {line}")
    run.current.unlink(missing_ok=True)
    return 1 if run.crashes else 0


def _placed(
    strategy: st.SearchStrategy[str], args: argparse.Namespace
) -> Iterator[tuple[str, str]]:
    for number, program in enumerate(hypothesmith_programs(strategy, args.programs, args.seed)):
        for placement, source in zip(("beside", "inside"), placements(program)):
            yield f"hypothesmith #{number} {placement} a tool", source


if __name__ == "__main__":
    sys.exit(main())
