"""Every package of the checker imports on its own, whichever is imported first: the
engine benchmark imports `toolargs.flow` before anything else, flake8 the plugin, the
CLI `toolargs.cli`, and an import cycle shows only in the order that closes it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import toolargs

SOURCE = Path(toolargs.__file__).resolve().parent
MODULES = sorted(
    ".".join(("toolargs", *path.relative_to(SOURCE).with_suffix("").parts)).removesuffix(
        ".__init__"
    )
    for path in SOURCE.rglob("*.py")
    if path.name != "__main__.py"
)


def test_each_module_imports_first() -> None:
    """One interpreter per module would take a minute: one interpreter imports each module
    first in a fresh copy of the import system's state, and says which fail."""
    script = (
        "import importlib, sys\n"
        "failed = []\n"
        "for name in sys.argv[1:]:\n"
        "    for loaded in [m for m in sys.modules if m.split('.')[0] == 'toolargs']:\n"
        "        del sys.modules[loaded]\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ImportError as error:\n"
        "        if 'circular import' in str(error) or 'partially initialized' in str(error):\n"
        "            failed.append(f'{name}: {error}')\n"
        "print('\\n'.join(failed))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *MODULES], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
