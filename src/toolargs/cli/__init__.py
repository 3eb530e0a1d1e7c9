"""The `toolargs` command line; `main` is the console script's entry point."""

from toolargs.cli.main import main

__all__ = ["main"]
