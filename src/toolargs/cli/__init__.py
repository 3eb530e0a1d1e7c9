"""The `toolargs` command line: `main` runs it and returns the exit code (callable from
Python); `run` is the console script's entry point."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

from toolargs.cli.main import main

__all__ = ["main", "run"]


def run() -> NoReturn:
    """`main()`, then exit without freeing what the run built, one object at a time.

    The project index holds every parsed tree of the run: tearing them down at exit costs
    a third of the time of the analysis itself on a large tree, for nothing (mypy exits
    the same way). Output is flushed first; nothing else registers exit handlers.
    """
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # `toolargs audit | head`: the reader has gone
        pass
    os._exit(code)
