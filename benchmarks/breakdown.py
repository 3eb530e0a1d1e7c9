"""Where the time of `toolargs check --jobs 1` goes, in one process, step by step.

    python benchmarks/breakdown.py            # the dense corpus of run.py (300 files, seed 7)
    python benchmarks/breakdown.py PATH...    # your own files

The files are judged as `toolargs check --jobs 1` judges them (`analyze_file`: read,
analyse, `# noqa`, the collector's settling), while each step is timed in CPU time. A
step's time is its own: the steps it calls are counted in theirs (the value-flow
analysis parses modules: that is in "parse", not in "value-flow analysis"). Every parse
is counted, whoever asks for it; each file is parsed once in a run. "x parse" is the
share of the checker's own parse (libcst's parser, its nodes not validated a second time:
see `toolargs.source.parse_module`); a plain `libcst.parse_module` costs more. Start-up
(imports) and the output are outside the table: they are printed below it.

Steps (what is measured, where):
  read                the file's bytes decoded (toolargs.source.read)
  prefilter           may the text define a tool (toolargs.prefilter)
  input guard         nesting depth scan before parsing (toolargs.source.guard)
  parse               libcst (toolargs.source.parse_module), every module parsed
  project index       the index of each module (discovery.project.ProjectIndex.add)
  recognisers         tool shapes in a module (discovery.shapes.Discoverer.discover)
  value-flow          the package's value-flow analysis (flow.tools.analyse)
  effects             handlers' effects and modes (effects.classify_tools)
  discovery, rest     the rest of discovery.build_model (servers, links, mounts)
  rules               toolargs.rules.judge
  positions           lines and columns of findings and tools (toolargs.positions)
  report, rest        the rest of analyze_source (the report)
  noqa                toolargs.noqa.split_suppressed
  collector           gc after each file (toolargs.cli.run._settle)
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable

START = time.process_time()
sys.path.insert(0, str(Path(__file__).resolve().parent))

import toolargs.analysis  # noqa: E402,F401
import toolargs.cli.main  # noqa: E402,F401 - what the console script imports
import toolargs.flow.tools  # noqa: E402,F401 - imported by discovery when first needed
from corpus import generate  # noqa: E402
from toolargs.cli.selection import Selection  # noqa: E402
from toolargs.config import Config  # noqa: E402
from toolargs.files import DEFAULT_EXCLUDES, find_files  # noqa: E402

IMPORTED = time.process_time() - START

# (label, module, attribute): a function, or "Class.method".
STEPS = (
    ("read", "toolargs.source", "read"),
    ("prefilter", "toolargs.prefilter", "may_define_tools"),
    ("input guard", "toolargs.source", "guard"),
    ("parse", "toolargs.source", "parse_module"),
    ("project index", "toolargs.discovery.project", "ProjectIndex.add"),
    ("recognisers", "toolargs.discovery.shapes", "Discoverer.discover"),
    ("value-flow", "toolargs.flow.tools", "analyse"),
    ("effects", "toolargs.effects", "classify_tools"),
    ("discovery, rest", "toolargs.discovery", "build_model"),
    ("rules", "toolargs.rules", "judge"),
    ("positions", "toolargs.positions", "positions"),
    ("report, rest", "toolargs.analysis", "analyze_source"),
    ("noqa", "toolargs.noqa", "split_suppressed"),
    ("collector", "toolargs.cli.run", "_settle"),
)

own: dict[str, float] = defaultdict(float)
calls: dict[str, int] = defaultdict(int)
stack: list[list[Any]] = []  # [label, start, time spent in nested steps]


def timed(label: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        frame = [label, time.process_time(), 0.0]
        stack.append(frame)
        try:
            return function(*args, **kwargs)
        finally:
            spent = time.process_time() - frame[1]
            stack.pop()
            own[label] += spent - frame[2]
            calls[label] += 1
            if stack:
                stack[-1][2] += spent

    return wrapper


def instrument() -> None:
    """Wrap each step wherever it is bound: `from x import f` copies included."""
    for label, module_name, attribute in STEPS:
        module = importlib.import_module(module_name)
        if "." in attribute:
            owner_name, method = attribute.split(".")
            owner = getattr(module, owner_name)
            setattr(owner, method, timed(label, getattr(owner, method)))
            continue
        original = getattr(module, attribute)
        wrapped = timed(label, original)
        for loaded in list(sys.modules.values()):
            namespace = getattr(loaded, "__dict__", None)
            if not namespace or not (loaded.__name__ or "").startswith("toolargs"):
                continue
            for name, value in list(namespace.items()):
                if value is original:
                    setattr(loaded, name, wrapped)


def files_of(paths: list[str], folder: Path) -> list[Path]:
    if not paths:
        generate(folder, files=300, seed=7)
        paths = [str(folder)]
    return find_files(paths, DEFAULT_EXCLUDES)  # the files and the order of the CLI


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="files or folders (default: the dense corpus)")
    args = parser.parse_args()
    run = sys.modules["toolargs.cli.run"]  # the package's `run` attribute is a function
    with tempfile.TemporaryDirectory() as tmp:
        files = files_of(args.paths, Path(tmp))
        instrument()
        config = Config()
        selection = Selection()
        start = time.process_time()
        try:
            for path in files:
                run.analyze_file(path, config, selection)
        finally:
            gc.unfreeze()
        total = time.process_time() - start
    parse = own["parse"]
    if not parse:
        print("nothing was parsed: no file can define a tool")
        return 1
    print(f"{len(files)} files: {total:.2f}s CPU judging them, of which {parse:.2f}s parsing "
          f"({calls['parse']} parses); imports before the first file {IMPORTED:.2f}s")
    print(f"{'step':<16} {'calls':>6} {'CPU s':>7} {'share':>6} {'x parse':>8}")
    for label, _, _ in STEPS:
        print(f"{label:<16} {calls[label]:>6} {own[label]:>7.2f} {own[label] / total:>6.1%} "
              f"{own[label] / parse:>8.3f}")
    rest = total - sum(own.values())
    print(f"{'cli, rest':<16} {'':>6} {rest:>7.2f} {rest / total:>6.1%} {rest / parse:>8.3f}")
    print(f"{'total':<16} {'':>6} {total:>7.2f} {1:>6.1%} {total / parse:>8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
