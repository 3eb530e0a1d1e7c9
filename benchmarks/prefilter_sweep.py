"""Check the prefilter against the checker itself: no file with a tool may be skipped.

Every file under the given paths is analysed with the prefilter switched off; a file in
which discovery finds a tool but which `may_define_tools` rejects is a prefilter bug
(or a discovery rule the prefilter does not know about) and is listed. Also prints how
many files the prefilter lets through without holding a tool (the cost of its caution).

    python benchmarks/prefilter_sweep.py PATH... [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import libcst as cst

from toolargs.config import Config
from toolargs.discovery import build_model
from toolargs.prefilter import may_define_tools
from toolargs.source import SourceError, read


def _verdict(path: str) -> tuple[str, bool, list[str]]:
    """(path, passes the prefilter, names of the tools discovery finds without it)."""
    config = Config()
    try:
        source = read(Path(path))
        module = cst.parse_module(source)
        tools = [tool.name for tool in build_model(module, path, config).tools]
    except (SourceError, cst.ParserSyntaxError, RecursionError):
        return path, True, []
    except Exception as exc:  # noqa: BLE001 - a crash is reported, not fatal here
        return path, True, [f"<{type(exc).__name__}: {exc}>"]
    return path, may_define_tools(source, config), tools


def _python_files(paths: list[Path]) -> list[str]:
    files: list[str] = []
    for path in paths:
        if path.is_file():
            files.append(str(path))
        else:
            files.extend(
                str(p) for p in sorted(path.rglob("*.py")) if "site-packages" not in p.parts
            )
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    files = _python_files(args.paths)
    missed, cautious, with_tools = [], 0, 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for path, passes, tools in pool.map(_verdict, files, chunksize=8):
            if tools:
                with_tools += 1
                if not passes:
                    missed.append((path, tools))
            elif passes:
                cautious += 1
    print(f"{len(files)} files, {with_tools} with tools, "
          f"{cautious} without tools let through by the prefilter")
    for path, tools in missed:
        print(f"MISSED {path}: {', '.join(tools[:5])}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
