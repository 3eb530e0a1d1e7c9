"""Projects that make the SDK's argument models refuse extra keys.

SDK FastMCP (1.x) and MCPServer (2.x) validate a tool's arguments with a pydantic model
they generate (`tool.fn_metadata.arg_model`), which ignores keys it does not know. Some
projects change that model after registering the tool, so that it forbids them:

    model = tool.fn_metadata.arg_model
    model.model_config = {**model.model_config, "extra": "forbid"}

or

    tool.fn_metadata.arg_model = type(name, (StrictInput, arguments), {})

where `StrictInput` is a project model with `model_config = ConfigDict(extra="forbid")`.
Their tools reject unknown keys before the function runs. This module answers, per
package, whether its code does so: a module of the checked file's top-level package that
names `fn_metadata.arg_model` and either says `forbid` itself or imports a project class
whose `model_config` does. Only that package's files are read, as text first (a module
that never names `fn_metadata` costs one substring search), and nothing is run.
"""

from __future__ import annotations

import functools
from pathlib import Path

import libcst as cst

from toolargs.discovery.index import ModuleIndex
from toolargs.discovery.project import ProjectIndex

_SKIPPED_FOLDERS = frozenset(
    {"tests", "test", ".venv", "venv", "build", "dist", "node_modules", "__pycache__"}
)
MAX_FILES = 2000  # files of one package read for the marker; past that, no answer


def package_of(path: Path) -> Path:
    """The top-level package holding the module at `path` (the folder below which every
    folder has an `__init__.py`), or the module itself when it is in no package."""
    folder = path.parent
    if not (folder / "__init__.py").is_file():
        return path
    while (folder.parent / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    return folder


def forbids_extra_arguments(project: ProjectIndex, path: str) -> bool:
    """Whether the package holding `path` makes its SDK tools' argument models forbid
    extra keys (see the module's docstring)."""
    if not path:
        return False
    return _forbids(project, str(package_of(Path(path).resolve())))


@functools.lru_cache(maxsize=64)
def _forbids(project: ProjectIndex, package: str) -> bool:
    root = Path(package)
    files = _python_files(root) if root.is_dir() else [root]
    for number, file in enumerate(files):
        if number >= MAX_FILES:
            return False
        try:
            text = file.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if "fn_metadata" not in text or "arg_model" not in text:
            continue
        if "forbid" in text:
            return True
        index = project.module_at(file)
        if index is not None and _imports_a_forbidding_model(project, index):
            return True
    return False


def _python_files(root: Path) -> list[Path]:
    found: list[Path] = []
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(folder.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir():
                if entry.name not in _SKIPPED_FOLDERS and not entry.name.startswith("."):
                    stack.append(entry)
            elif entry.suffix == ".py":
                found.append(entry)
    return found


def _imports_a_forbidding_model(project: ProjectIndex, index: ModuleIndex) -> bool:
    """A class imported from the project whose `model_config` forbids extra keys."""
    for imported in list(index.imports.values()):
        if not imported.name:
            continue
        module = project.load(index, imported)
        if module is None:
            continue
        cls = module.classes.get(imported.name)
        config = cls.attributes.get("model_config") if cls is not None else None
        if config is not None and "forbid" in cst.Module([]).code_for_node(config):
            return True
    return False
