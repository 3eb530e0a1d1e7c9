"""The engine benchmark run on the value-flow engine (`toolargs.flow`) directly.

The checker does not use the engine yet (discovery still runs the recognisers); this
measures it on the same cases, on what it decides today: each tool's name, the server
it is served by and its handler, exactly, both ways. Unresolved values are not
compared yet.

    python benchmarks/engine/flow.py [CASE-SUBSTRING ...] [--write-failures]
"""

from __future__ import annotations

import sys
import time
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CASES = ROOT / "cases"
FAILURES = ROOT / "flow-failures.txt"


def case_ids() -> list[str]:
    return [f"{p.parent.parent.name}/{p.parent.name}" for p in sorted(CASES.glob("*/*/expected.toml"))]


def place(path: str, line: int, case: Path) -> str:
    return f"{Path(path).resolve().relative_to(case.resolve())}:{line}" if path else ""


def compare(case_id: str) -> str | None:
    """None when the engine's answer is the expected one, else what differs."""
    from toolargs.flow.frameworks import JSON_RPC
    from toolargs.flow.tools import analyse

    case = CASES / case_id
    want = tomllib.loads((case / "expected.toml").read_text(encoding="utf-8"))
    result = analyse(sorted(case.rglob("*.py")), case)
    got = Counter(
        (
            t.name,
            # a hand-written server is no server object: it is placed where it answers
            place(t.server_place.path, t.server_place.line, case)
            if t.server_place and t.framework != JSON_RPC else "",
            place(t.handler_place.path, t.handler_place.line, case) if t.handler_place else "",
        )
        for t in result.tools
        if not t.hidden_by  # listed by no server: a transform lists tools of its own
    )
    expected = Counter(
        (t["name"], t.get("server", ""), t.get("handler", "")) for t in want.get("tool", [])
    )
    if got == expected:
        return None
    missing = sorted((expected - got).elements())
    extra = sorted((got - expected).elements())
    return f"missing {missing[:3]}; found instead {extra[:3]}"


def main(argv: list[str]) -> int:
    write = "--write-failures" in argv
    only = [a for a in argv if not a.startswith("--")]
    started = time.perf_counter()
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    failing = []
    for case_id in case_ids():
        if only and not any(o in case_id for o in only):
            continue
        category = case_id.split("/")[0]
        total[category] += 1
        problem = compare(case_id)
        if problem is None:
            right[category] += 1
        else:
            failing.append(f"{case_id}  # {problem}")
    for line in failing:
        print(line)
    print(f"\n{'category':<12} right / cases")
    for category in sorted(total):
        print(f"{category:<12} {right[category]:>5} / {total[category]}")
    print(f"{'total':<12} {sum(right.values()):>5} / {sum(total.values())}"
          f"   ({time.perf_counter() - started:.1f} s)")  # fmt: skip
    if write and not only:
        FAILURES.write_text("\n".join(failing) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
