"""Each module of a run is modelled once: the model `rules.servers` builds of another
module of the package (to judge a server over every tool registered on it) is the one the
checker takes when it comes to that module, and the other way round; what it reports is
what it reports from a model of its own.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable

import pytest

import toolargs.discovery
from toolargs import analysis
from toolargs.analysis import analyze_source
from toolargs.behaviour import assign_behaviours
from toolargs.config import Config
from toolargs.discovery import build_model
from toolargs.model import ModuleModel
from toolargs.prefilter import may_define_tools
from toolargs.rules import servers
from toolargs.source import parse_module

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
PACKAGES = sorted(p for p in (FIXTURES / "packages").iterdir() if p.is_dir())


def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many models are built, by real path: by the checker and by rules.servers,
    from now on (none is kept from before)."""
    built: dict[str, int] = {}
    monkeypatch.setattr(servers, "_models", OrderedDict())

    def counting(original: Callable[..., ModuleModel]) -> Callable[..., ModuleModel]:
        def build(module: Any, path: str, *args: Any) -> ModuleModel:
            key = os.path.realpath(path)
            built[key] = built.get(key, 0) + 1
            return original(module, path, *args)

        return build

    monkeypatch.setattr(analysis, "build_model", counting(build_model))
    monkeypatch.setattr(toolargs.discovery, "build_model", counting(build_model))
    return built


def reports(folder: Path, config: Config) -> list[Any]:
    return [
        analyze_source(path.read_text(), os.path.relpath(path), config)
        for path in sorted(folder.rglob("*.py"))
    ]


@pytest.mark.parametrize("folder", PACKAGES, ids=[p.name for p in PACKAGES])
def test_each_module_is_modelled_once(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = counted(monkeypatch)
    reports(folder, Config())
    assert built and all(count == 1 for count in built.values()), built


@pytest.mark.parametrize("folder", PACKAGES, ids=[p.name for p in PACKAGES])
def test_a_shared_model_reports_what_a_model_of_its_own_does(folder: Path) -> None:
    config = Config()
    shared = reports(folder, config)
    alone = []
    for path in sorted(folder.rglob("*.py")):
        servers._models.clear()  # nothing built before: every module builds its own
        alone.append(analyze_source(path.read_text(), os.path.relpath(path), config))
    assert shared == alone


def test_an_edited_text_is_modelled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "reading_list"
    package.mkdir()
    for path in (FIXTURES / "packages" / "reading_list").rglob("*.py"):
        target = package / path.relative_to(FIXTURES / "packages" / "reading_list")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(path.read_text())
    config = Config()
    built = counted(monkeypatch)
    reports(package, config)
    built.clear()
    app = package / "app.py"
    analyze_source(app.read_text() + "\n# edited\n", str(app), config)
    assert built[os.path.realpath(app)] == 1
    # The models of the other modules read app.py (the server their tools are on): the
    # ones asked for again are built again, from its new text, once.
    assert set(built) > {os.path.realpath(app)} and set(built.values()) == {1}
    built.clear()
    analyze_source(app.read_text(), str(app), Config())  # another configuration
    assert built[os.path.realpath(app)] == 1


def test_a_module_is_judged_against_the_text_of_its_server_the_run_holds(
    tmp_path: Path,
) -> None:
    """A module's findings do not depend on which text of another module the process
    analysed last: `fix` analyses app.py as it would write it (with enforce_policy),
    without writing it; books.py, checked after, is judged on what app.py then holds."""
    package = tmp_path / "reading_list"
    for path in (FIXTURES / "packages" / "reading_list").rglob("*.py"):
        target = package / path.relative_to(FIXTURES / "packages" / "reading_list")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(path.read_text())
    config = Config()
    books = package / "tools" / "books.py"
    app = package / "app.py"
    text = app.read_text()
    enforced = "from toolargs.runtime import enforce_policy\n" + text.replace(
        'FastMCP("reading-list")', 'enforce_policy(FastMCP("reading-list"))'
    )
    assert 'enforce_policy(FastMCP("reading-list"))' in enforced
    assert analyze_source(enforced, str(app), config) != analyze_source(text, str(app), config)
    analyze_source(enforced, str(app), config)  # models books.py, for the server's tools
    analyze_source(text, str(app), config)  # back to the text on disk
    after = analyze_source(books.read_text(), str(books), config)
    servers._models.clear()
    assert after == analyze_source(books.read_text(), str(books), config)


FILES = sorted(
    path
    for path in FIXTURES.rglob("*.py")
    if "tav903" not in path.name and may_define_tools(path.read_text(), Config())
)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(FIXTURES)) for p in FILES])
def test_assigning_behaviours_again_changes_nothing(path: Path) -> None:
    """The checker judges a model rules.servers has assigned behaviours already."""
    source = path.read_text()
    model = build_model(parse_module(source), str(path), Config(), source)

    def facts() -> list[tuple[object, ...]]:
        return [
            (
                tool.name, tool.behaviour, tool.framework_version, tool.enforcement,
                tool.server, id(tool.server_model), tool.rejected_by, tool.mode,
            )
            for tool in model.tools
        ] + [(server.name, server.enforced_by) for server in model.servers]

    assign_behaviours(model)
    once = facts()
    assign_behaviours(model)
    assert facts() == once
