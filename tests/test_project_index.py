"""The project index: names followed across modules, calls resolved, files parsed once."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from toolargs.config import Config
from toolargs.discovery.index import FunctionInfo
from toolargs.discovery.project import ProjectIndex
from toolargs.discovery.walk import walk


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


PACKAGE = {
    "pkg/__init__.py": "from .store import Store as Store\n",
    "pkg/store.py": (
        "class Base:\n"
        "    def save(self, x):\n"
        "        return write(x)\n"
        "\n"
        "class Store(Base):\n"
        "    def __init__(self):\n"
        "        self.api = Api()\n"
        "    def put(self, x):\n"
        "        self.save(x)\n"
        "        self.api.delete(x)\n"
        "        super().save(x)\n"
        "\n"
        "class Api:\n"
        "    def delete(self, x): ...\n"
        "\n"
        "def write(x): ...\n"
    ),
    "pkg/server.py": (
        "from . import store\n"
        "from .store import write as w\n"
        "from pkg import Store\n"
        "import json\n"
        "\n"
        "def handler(args):\n"
        "    s = Store()\n"
        "    s.put(args)\n"
        "    store.write(args)\n"
        "    w(args)\n"
        "    Store.put(s, args)\n"
        "    json.dumps(args)\n"
        "    missing(args)\n"
    ),
}


def _calls(function: FunctionInfo) -> list[cst.Call]:
    return [node for node in walk(function.node) if isinstance(node, cst.Call)]


def _resolved(project: ProjectIndex, function: FunctionInfo) -> list[str | None]:
    found = [project.resolve_call(call, function) for call in _calls(function)]
    return [f.label if f is not None else None for f in found]


def test_calls_resolve_through_imports_re_exports_and_objects(tmp_path: Path) -> None:
    _write(tmp_path, PACKAGE)
    project = ProjectIndex(Config())
    server = project.module_at(tmp_path / "pkg" / "server.py")
    assert server is not None
    assert _resolved(project, server.functions["handler"]) == [
        "Store.__init__",  # a class called runs its __init__, found through pkg/__init__.py
        "Store.put",  # a method of an object built from a project class
        "write",  # a module attribute
        "write",  # an imported alias
        "Store.put",  # Class.method
        None,  # a library
        None,  # not defined anywhere
    ]


def test_self_attributes_and_super_resolve_to_methods(tmp_path: Path) -> None:
    _write(tmp_path, PACKAGE)
    project = ProjectIndex(Config())
    store = project.module_at(tmp_path / "pkg" / "store.py")
    assert store is not None
    put = store.classes["Store"].method_infos["put"]
    resolved = [project.resolve_call(c, put) for c in _calls(put)]
    labels = [(f.label, f.index is store) if f else None for f in resolved]
    assert labels == [
        ("Base.save", True),  # self.save: inherited
        ("Api.delete", True),  # self.api = Api() in __init__
        ("Base.save", True),  # super().save
        None,  # super() itself
    ]


def test_each_file_is_parsed_once(tmp_path: Path) -> None:
    _write(tmp_path, PACKAGE)
    project = ProjectIndex(Config())
    first = project.module_at(tmp_path / "pkg" / "store.py")
    again = project.module_at(tmp_path / "pkg" / "store.py")
    assert first is not None and first is again
    source = (tmp_path / "pkg" / "store.py").read_text(encoding="utf-8")
    assert project.parsed(str(tmp_path / "pkg" / "store.py"), source) is first.module
    assert project.parsed(str(tmp_path / "pkg" / "store.py"), source + "\n") is None


@pytest.mark.parametrize(
    "files",
    [
        # modules importing each other, and star imports of each other
        {"a.py": "from b import *\nfrom b import f\n", "b.py": "from a import *\n"},
        {"a.py": "from .a import f\n"},
        {"a.py": "import a\nf = a.f\n"},
    ],
)
def test_import_cycles_end(tmp_path: Path, files: dict[str, str]) -> None:
    _write(tmp_path, files)
    project = ProjectIndex(Config())
    index = project.module_at(tmp_path / "a.py")
    assert index is not None
    assert project.lookup("f", index) is None
    assert project.definition(cst.parse_expression("f"), index, None) is None


def _check_output(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    from toolargs.cli.main import main

    code = main(argv)
    return code, capsys.readouterr().out


@pytest.mark.parametrize("package", ["merged_registry", "routed_server", "item_registry"])
def test_modules_dropped_and_released_give_the_same_findings(
    package: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tree larger than the index keeps: every module dropped after each file and its
    reference cycles broken (ModuleIndex.release), the findings do not change; modules
    another file needs are read again."""
    import toolargs.discovery.project as project

    folder = str(Path(__file__).resolve().parents[1] / "fixtures" / "packages" / package)
    argv = ["check", "--jobs", "1", "--format", "json", folder]
    project.project_for.cache_clear()
    kept = _check_output(argv, capsys)
    monkeypatch.setattr(project, "MAX_MODULES", 1)
    project.project_for.cache_clear()
    dropped = _check_output(argv, capsys)
    project.project_for.cache_clear()
    assert dropped == kept
    if package == "merged_registry":  # two schemas it cannot resolve: TAV901
        assert '"code": "TAV901"' in kept[1]


def test_a_dropped_module_is_released_and_read_again_when_needed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toolargs.discovery.project as project_module

    _write(tmp_path, PACKAGE)
    monkeypatch.setattr(project_module, "MAX_MODULES", 1)
    project = ProjectIndex(Config())
    package = project.module_at(tmp_path / "pkg" / "__init__.py")
    assert package is not None
    store = project.load(package, package.imports["Store"])  # drops the package
    assert store is not None and id(package) in store.importers
    project.release_dropped()
    assert not store.importers and not package.loaded and not package.classes
    again = project.module_at(tmp_path / "pkg" / "__init__.py")  # read from disk again
    assert again is not None and again is not package
    assert project.load(again, again.imports["Store"]) is not None


@pytest.mark.parametrize(("folder", "sibling_is_read"), [("repo", True), ("site-packages", False)])
def test_a_sibling_top_level_package_is_the_projects_unless_installed(
    tmp_path: Path, folder: str, sibling_is_read: bool
) -> None:
    """`toolargs check .venv/.../site-packages/fastmcp` reads fastmcp, not the other
    distributions installed beside it; in a repository, a flat layout's sibling package
    is the project's own."""
    from toolargs.discovery.project import _module_file_from

    base = tmp_path / folder
    (base / "app").mkdir(parents=True)
    (base / "app" / "__init__.py").write_text("")
    (base / "app" / "server.py").write_text("from helpers import tools\n")
    (base / "helpers").mkdir()
    (base / "helpers" / "__init__.py").write_text("")
    (base / "helpers" / "tools.py").write_text("TOOLS = []\n")
    found = _module_file_from(base / "app", "helpers.tools", 0)
    assert (found == base / "helpers" / "tools.py") is sibling_is_read
    assert _module_file_from(base / "app", "app.server", 0) == base / "app" / "server.py"
