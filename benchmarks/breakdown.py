"""Where the time of `toolargs check` goes, in one process, as a share of the libcst parse.

    python benchmarks/breakdown.py            # the dense corpus of run.py (300 files, seed 7)
    python benchmarks/breakdown.py PATH...    # your own files

Every file is read and judged with `analyze_source`, as a `--jobs 1` run does, while the
steps the engine calls are timed in CPU time: the prefilter, the input guard, the libcst
parse, discovery (the model of the module), the rules, and positions. "Other" is the
rest of `analyze_source` (reports, the project index's bookkeeping). The shares are of
the parse as the checker runs it (libcst's parser, its nodes not validated a second time:
see `toolargs.source.parse_module`), so they add up to the `check / parse` ratio of
run.py's comparison (2) less start-up, reading and output, and less the part of a plain
`libcst.parse_module` the checker does not pay.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import libcst  # noqa: E402

import toolargs.analysis as analysis  # noqa: E402
from corpus import generate  # noqa: E402
from toolargs.cli.run import _settle as settle  # noqa: E402
from toolargs.config import Config  # noqa: E402

# (label, module, attribute): the steps as the engine looks them up at call time.
STEPS = (
    ("prefilter", analysis, "may_define_tools"),
    ("input guard", analysis, "guard"),
    ("libcst parse", libcst, "parse_module"),
    ("discovery", analysis, "build_model"),
    ("rules", analysis, "judge"),
    ("positions", analysis, "positions"),
)

spent: dict[str, float] = defaultdict(float)
depth = [0]


def timed(label: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        # Only the outermost timed step counts, so nested steps are not counted twice.
        if depth[0]:
            return function(*args, **kwargs)
        depth[0] += 1
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - start
            depth[0] -= 1

    return wrapper


def files_of(paths: list[str], folder: Path) -> list[Path]:
    if not paths:
        generate(folder, files=300, seed=7)
        paths = [str(folder)]
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="files or folders (default: the dense corpus)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = files_of(args.paths, Path(tmp))
        sources = [(str(path), path.read_text(encoding="utf-8")) for path in files]
        for label, owner, name in STEPS:
            if hasattr(owner, name):
                setattr(owner, name, timed(label, getattr(owner, name)))
        config = Config()
        start = time.process_time()
        for path, source in sources:
            analysis.analyze_source(source, path, config)
            settle(config)  # what the CLI does after each file (the collector, see run.py)
        total = time.process_time() - start
    parse = spent["libcst parse"]
    if not parse:
        print("nothing was parsed: no file can define a tool")
        return 1
    print(f"{len(sources)} files, analyze_source {total:.2f}s CPU, libcst parse {parse:.2f}s")
    print(f"{'step':<14} {'CPU s':>7} {'x parse':>8}")
    other = total - sum(spent.values())
    for label, _, _ in STEPS:
        print(f"{label:<14} {spent[label]:>7.2f} {spent[label] / parse:>8.3f}")
    print(f"{'other':<14} {other:>7.2f} {other / parse:>8.3f}")
    print(f"{'total':<14} {total:>7.2f} {total / parse:>8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
