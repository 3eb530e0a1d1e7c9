"""`toolargs.runtime` is one package a server imports at run time (DESIGN.md section 3):
standard library only, nothing of the checker, no import cycle, its names unchanged."""

from __future__ import annotations

import ast
import importlib.util
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import toolargs.runtime

PACKAGE = Path(toolargs.runtime.__file__).parent
MODULES = sorted(
    f"toolargs.runtime.{info.name}" for info in pkgutil.iter_modules([str(PACKAGE)])
)
# Kept for the names the documentation and the rules' remedies give.
REEXPORTS = ["toolargs.policy", "toolargs.fastmcp"]
# The framework a module subclasses from at import; every other module imports none.
NEEDS = {"toolargs.runtime.fastmcp": "fastmcp", "toolargs.fastmcp": "fastmcp"}
# What the checker needs and a server must not pay for (fastmcp itself loads packaging).
CHECKER_DEPENDENCIES = {"libcst", "flake8", "pycodestyle", "pyflakes", "mccabe", "tomli"}
FRAMEWORKS = {"mcp", "mcp_types", "fastmcp", "pydantic", "starlette", "anyio"}

NAMES = [
    "DEFAULT_ALIASES",
    "DEFAULT_MUTATION_TOOLS",
    "LIMIT_FIELDS",
    "STRICT_ARGS_ENV",
    "MissingParam",
    "Resolution",
    "ToolPolicy",
    "collect_unknown_args",
    "enforce_policy",
    "optional_usize_with_aliases",
    "reject_unknown_args",
    "strict_args_enabled",
    "unknown_args_block_text",
    "with_unknown_args",
]


def test_the_package_has_its_modules() -> None:
    assert MODULES == [
        "toolargs.runtime.chuk",
        "toolargs.runtime.enforce",
        "toolargs.runtime.fastmcp",
        "toolargs.runtime.helpers",
        "toolargs.runtime.lowlevel",
        "toolargs.runtime.policy",
        "toolargs.runtime.sdk",
    ]


def test_exported_names_are_unchanged() -> None:
    assert sorted(toolargs.runtime.__all__) == sorted(NAMES)
    for name in NAMES:
        assert getattr(toolargs.runtime, name) is not None, name


def imported_by(statement: str) -> list[str]:
    """Every module loaded by `statement` in a fresh interpreter."""
    code = f"import json, sys\nbefore = set(sys.modules)\n{statement}\n"
    code += "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    loaded: list[str] = json.loads(result.stdout)
    return loaded


@pytest.mark.parametrize("module", ["toolargs.runtime", *MODULES, *REEXPORTS])
def test_importing_loads_nothing_of_the_checker(module: str) -> None:
    framework = NEEDS.get(module)
    if framework is not None and importlib.util.find_spec(framework) is None:
        pytest.skip(f"{module} subclasses {framework}'s middleware; {framework} is not installed")
    loaded = imported_by(f"import {module}")
    assert module in loaded
    ours = [name for name in loaded if name.split(".")[0] == "toolargs"]
    checker = [
        name for name in ours if name not in {"toolargs", module} and not name.startswith(
            "toolargs.runtime"
        )
    ]
    assert checker == []
    tops = {name.split(".")[0] for name in loaded}
    assert tops & CHECKER_DEPENDENCIES == set()
    if framework is None:
        assert tops & FRAMEWORKS == set()


def runtime_imports(path: Path) -> set[str]:
    """The modules of toolargs a file of the package imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.ImportFrom):
            raise AssertionError(f"{path.name}: a relative import")
    return {name for name in found if name.split(".")[0] == "toolargs"}


def test_no_import_cycle_and_nothing_outside_the_package() -> None:
    graph = {
        f"toolargs.runtime.{path.stem}" if path.stem != "__init__" else "toolargs.runtime": (
            runtime_imports(path)
        )
        for path in PACKAGE.glob("*.py")
    }
    for module, imports in graph.items():
        outside = {name for name in imports if not name.startswith("toolargs.runtime")}
        assert outside == set(), f"{module} imports {outside}"
        if module != "toolargs.runtime":
            # The package's entry imports its modules; a module importing the entry back
            # would be a cycle through it.
            assert "toolargs.runtime" not in imports, module

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        for imported in graph.get(module, ()):
            visit(imported, (*path, module))

    for module in graph:
        visit(module, ())


def test_a_low_level_server_of_mcp_before_1_2_is_recognised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """mcp 1.0 and 1.1 define the low-level Server in `mcp.server` itself, with no
    `mcp.server.lowlevel` (servers that pin them, like mcp-obsidian's lock on 1.1.0, got
    a TypeError from enforce_policy at import). No SDK is installed here: modules of
    that shape stand in for it; the e2e runs call through real SDKs."""
    import types as std_types

    from toolargs.runtime.lowlevel import is_lowlevel_server

    class Server:  # the shape of mcp 1.1's mcp.server.Server
        def __init__(self, name: str) -> None:
            self.name = name
            self.request_handlers: dict[type, object] = {}

    mcp = std_types.ModuleType("mcp")
    server_module = std_types.ModuleType("mcp.server")
    setattr(server_module, "Server", Server)
    setattr(mcp, "server", server_module)
    monkeypatch.setitem(sys.modules, "mcp", mcp)
    monkeypatch.setitem(sys.modules, "mcp.server", server_module)
    monkeypatch.setitem(sys.modules, "mcp.server.lowlevel", None)  # ImportError
    assert is_lowlevel_server(Server("notes"))
    assert not is_lowlevel_server(object())
