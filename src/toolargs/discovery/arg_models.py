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
package, whether its code does so: a module of the checked file's top-level package (the
module alone when it is in none; `project.package_files`) that names
`fn_metadata.arg_model` and either says `forbid` itself or imports a project class whose
`model_config` does. Only that package's files are read, as text first (a module that
never names `fn_metadata` costs one substring search), and nothing is run.
"""

from __future__ import annotations

import functools
from pathlib import Path

import libcst as cst

from toolargs.discovery.index import ModuleIndex
from toolargs.discovery.project import ProjectIndex, package_files
from toolargs.source import SourceError, read


def forbids_extra_arguments(project: ProjectIndex, path: str) -> bool:
    """Whether the package holding `path` makes its SDK tools' argument models forbid
    extra keys (see the module's docstring)."""
    if not path:
        return False
    return _forbids(project, package_files(Path(path), ("fn_metadata",)))


@functools.lru_cache(maxsize=64)
def _forbids(project: ProjectIndex, files: tuple[str, ...]) -> bool:
    for name in files:
        file = Path(name)
        try:
            text = read(file)
        except SourceError:
            continue
        if "arg_model" not in text:
            continue
        if "forbid" in text:
            return True
        index = project.module_at(file)
        if index is not None and _imports_a_forbidding_model(project, index):
            return True
    return False


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
