"""The package's own file tree as values: where a loader finds its tool modules.

A plugin loader often lists the modules beside it instead of naming them:

    for path in Path(__file__).parent.glob("*.py"):
        import_module(f"{__package__}.{path.stem}").register(mcp)

    for entry in os.listdir(os.path.dirname(__file__)):
        if entry.endswith(".py"):
            import_module(f".{entry[:-3]}", __package__)

The analysis reads such a path as a constant (`Const` holding a `PurePosixPath`, or the
text `os.path` gives) and a listing of a folder of the project off the file tree, as
`pkgutil.iter_modules` is read. Nothing is imported; a folder outside the project, a
pattern this module does not know, or a listing longer than the bound is unknown.
"""

from __future__ import annotations

import os.path
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

# `pathlib.Path(x)` and its kin: a path built from a known text is known
PATH_CLASSES = frozenset(
    {"pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "pathlib.PurePosixPath"}
)
# a path's properties, each computed from the path alone
PATH_PROPERTIES = frozenset({"parent", "name", "stem", "suffix"})
# a path's methods that give the same path (`resolve()`, `absolute()`)
SAME_PATH = frozenset({"resolve", "absolute", "expanduser"})
# a path's methods that list a folder
LISTINGS = frozenset({"glob", "rglob", "iterdir"})
# a path's tests of the file tree, answered for the project's own files and folders
TESTS = frozenset({"is_dir", "is_file", "exists"})
# `os.path` functions of texts alone
OS_PATH = frozenset(
    {
        "os.path.dirname", "os.path.basename", "os.path.join", "os.path.splitext",
        "os.path.abspath", "os.path.realpath", "os.path.normpath",
    }
)  # fmt: skip
OS_LISTINGS = frozenset({"os.listdir", "glob.glob", "glob.iglob"})


def as_path(value: object) -> PurePosixPath | None:
    """A known text or path as a path; None for anything else."""
    if isinstance(value, PurePosixPath):
        return value
    if isinstance(value, str) and value:
        return PurePosixPath(value)
    return None


def path_property(path: PurePosixPath, name: str) -> object:
    """`path.parent`, `.name`, `.stem`, `.suffix`."""
    if name == "parent":
        return path.parent
    return str(getattr(path, name))


def os_path(function: str, texts: Sequence[object]) -> object | None:
    """The value of an `os.path` function of known texts (a tuple's items as a tuple);
    None when one of them is not a text."""
    if not texts or not all(isinstance(t, (str, PurePosixPath)) for t in texts):
        return None
    parts = [str(t) for t in texts]
    if function == "os.path.join":
        return os.path.join(*parts)
    if len(parts) != 1:
        return None
    text = parts[0]
    if function == "os.path.splitext":
        return os.path.splitext(text)
    if function in ("os.path.abspath", "os.path.realpath", "os.path.normpath"):
        return os.path.normpath(text)
    if function == "os.path.dirname":
        return os.path.dirname(text)
    return os.path.basename(text)


def listing(
    roots: Sequence[Path], folder: PurePosixPath, pattern: str, recursive: bool, bound: int
) -> list[PurePosixPath] | None:
    """The files and folders a listing of `folder` gives, sorted: `*` for `iterdir`
    and `os.listdir`, else a glob pattern (`rglob` when `recursive`). None for a folder
    outside the project's roots, an unreadable one, or more than `bound` entries."""
    place = Path(folder)
    if not _inside(roots, place):
        return None
    try:
        found = sorted(place.rglob(pattern) if recursive else place.glob(pattern))
    except (OSError, ValueError, NotImplementedError):
        return None
    found = [f for f in found if "__pycache__" not in f.parts]
    if len(found) > bound:
        return None
    return [PurePosixPath(f) for f in found]


def test(roots: Sequence[Path], path: PurePosixPath, name: str) -> bool | None:
    """`path.is_dir()`, `.is_file()` or `.exists()` of a path inside the project's roots,
    read off the file tree (a folder of skills beside its README); None outside them,
    where the answer is the machine's the server runs on."""
    place = Path(path)
    if not _inside(roots, place):
        return None
    if name == "is_dir":
        return place.is_dir()
    if name == "is_file":
        return place.is_file()
    return place.exists()


def _inside(roots: Sequence[Path], place: Path) -> bool:
    """Whether `place` resolves to somewhere under one of the project's roots."""
    try:
        resolved = place.resolve()
    except (OSError, RuntimeError):
        return False
    return any(resolved.is_relative_to(root.resolve()) for root in roots)
