"""Run flake8 in this interpreter, optionally with the toolargs plugin hidden.

Both sides of the flake8 comparison go through this script, so the only difference
between them is whether flake8 finds the `TAV` plugin: same flake8, same pycodestyle and
pyflakes, same start-up, same files, same options.

    python benchmarks/flake8_driver.py [--without-toolargs] FLAKE8_ARGS...
"""

from __future__ import annotations

import sys

from flake8.main import cli
from flake8.plugins import finder


def _hide_toolargs() -> None:
    find_plugins = finder.find_plugins

    def without_toolargs(*args: object, **kwargs: object) -> list[finder.Plugin]:
        found = find_plugins(*args, **kwargs)  # type: ignore[arg-type]
        return [plugin for plugin in found if plugin.package != "toolargs"]

    finder.find_plugins = without_toolargs  # type: ignore[assignment]


def main(argv: list[str]) -> int:
    if argv[:1] == ["--without-toolargs"]:
        _hide_toolargs()
        argv = argv[1:]
    return cli.main(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
