"""`python -m toolargs`: the same command line as the `toolargs` script."""

from toolargs.cli import run

run()
