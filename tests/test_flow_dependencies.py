"""A server built by an installed dependency's factory, known by its return annotation;
a project server subclassing a dependency's base, known by that base's class header.

`toolargs.flow.dependencies` reads the signature of a function the package calls from an
installed distribution (never its body, never importing it): a factory annotated to
return a framework's server class, or a tuple holding one, gives a server of that class.
A dependency's class deriving from a framework's server class (through its own bases and
re-exports) makes a project subclass of it a server of that framework.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from textwrap import dedent

import pytest

from toolargs.analysis import analyze_path
from toolargs.config import Config
from toolargs.flow import dependencies

CONNECTOR_SDK = '''\
"""A fleet's shared connector: builds the FastMCP server every connector runs."""
import argparse
from typing import Any

from fastmcp import FastMCP


def create_mcp_server(
    name: str, version: str
) -> tuple[argparse.Namespace, FastMCP[Any], list[Any]]:
    parser = argparse.ArgumentParser()
    args = parser.parse_args([])
    return args, FastMCP(name, version=version), []


def load_config() -> dict:
    return {}
'''

SERVER = '''\
from fastmcp import Context

from connector_sdk.mcp.server import create_mcp_server


def get_mcp_instance():
    args, mcp, middlewares = create_mcp_server(name="search", version="1.0")

    @mcp.tool(name="web_search", annotations={"readOnlyHint": True})
    async def web_search(query: str, ctx: Context | None = None) -> dict:
        return {"query": query}

    return mcp, args


def main() -> None:
    mcp, args = get_mcp_instance()
    mcp.run(transport="stdio")
'''


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A site-packages folder holding the connector SDK, named by the environment."""
    site = tmp_path / "site-packages"
    sdk = site / "connector_sdk" / "mcp"
    sdk.mkdir(parents=True)
    (site / "connector_sdk" / "__init__.py").write_text("", encoding="utf-8")
    (sdk / "__init__.py").write_text("", encoding="utf-8")
    (sdk / "server.py").write_text(CONNECTOR_SDK, encoding="utf-8")
    monkeypatch.setenv(dependencies.ENVIRONMENT, str(site))
    _forget()
    yield site
    _forget()


def _forget() -> None:
    for cached in (
        dependencies.search_paths, dependencies._module_file, dependencies._module,
        dependencies.returned, dependencies.server_base, dependencies.given_paths,
        dependencies.absent,
    ):
        cached.cache_clear()


def _package(tmp_path: Path) -> Path:
    package = tmp_path / "project" / "search_mcp"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    path = package / "server.py"
    path.write_text(SERVER, encoding="utf-8")
    return path


def test_a_dependency_factory_annotated_with_a_server_class_gives_that_server(
    tmp_path: Path, installed: Path
) -> None:
    report = analyze_path(_package(tmp_path), Config())
    tool = {t.name: t for t in report.tools}["web_search"]
    assert tool.framework == "fastmcp"
    assert tool.unknown_keys == "rejected"  # fastmcp's own behaviour, not "unknown"
    assert "TAV904" not in {d.code for d in report.diagnostics}


def test_without_the_dependency_installed_the_server_stays_unknown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(dependencies.ENVIRONMENT, str(tmp_path / "nowhere"))
    _forget()
    try:
        report = analyze_path(_package(tmp_path), Config())
    finally:
        _forget()
    assert "TAV904" in {d.code for d in report.diagnostics}


def test_annotations_are_read_through_re_exports_strings_and_optionals(
    tmp_path: Path, installed: Path
) -> None:
    (installed / "connector_sdk" / "__init__.py").write_text(
        "from .mcp.server import create_mcp_server\n"
        "from .factory import make_server, describe\n",
        encoding="utf-8",
    )
    (installed / "connector_sdk" / "factory.py").write_text(dedent('''\
        from typing import Optional

        import mcp.server.fastmcp


        def make_server(name) -> "Optional[mcp.server.fastmcp.FastMCP]":
            return mcp.server.fastmcp.FastMCP(name)


        def describe(server) -> str:
            return "mcp"
    '''), encoding="utf-8")
    assert dependencies.returned("connector_sdk.make_server") == "mcp.server.fastmcp.FastMCP"
    assert dependencies.returned("connector_sdk.create_mcp_server") == (
        "argparse.Namespace", "fastmcp.FastMCP", "list",
    )
    assert dependencies.returned("connector_sdk.describe") == "str"
    assert dependencies.returned("connector_sdk.missing") is None
    assert dependencies.returned("fastmcp.FastMCP") is None  # the tables' own packages


PRODUCT_BASE = '''\
"""Shared base of a product family's MCP servers."""
from abc import ABC

from fastmcp import FastMCP


class ProductBaseMCP(FastMCP, ABC):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
'''

LEAF = '''\
from connector_sdk.base import ProductBaseMCP


class SolverMCP(ProductBaseMCP):
    def __init__(self) -> None:
        super().__init__(name="solver")
        self._register_tools()

    def _register_tools(self) -> None:
        @self.tool(name="solver_status")
        def solver_status() -> str:
            return "idle"


server = SolverMCP()
'''


def test_a_project_server_subclassing_a_dependencys_framework_subclass_is_that_framework(
    tmp_path: Path, installed: Path
) -> None:
    (installed / "connector_sdk" / "base.py").write_text(PRODUCT_BASE, encoding="utf-8")
    (installed / "connector_sdk" / "__init__.py").write_text(
        "from .base import ProductBaseMCP\n", encoding="utf-8"
    )
    assert dependencies.server_base(
        "connector_sdk.ProductBaseMCP", frozenset({"fastmcp.FastMCP"})
    ) == "fastmcp.FastMCP"  # through the package's re-export
    package = tmp_path / "project" / "solver_mcp"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "server.py").write_text(LEAF, encoding="utf-8")
    report = analyze_path(package / "server.py", Config())
    tool = {t.name: t for t in report.tools}["solver_status"]
    assert (tool.framework, tool.unknown_keys) == ("fastmcp", "rejected")
    assert "TAV904" not in {d.code for d in report.diagnostics}


FALLBACK = '''\
try:
    from mcp.server.fastmcp import FastMCP
except ImportError:  # older runtimes
    from fastmcp import FastMCP

mcp = FastMCP("feedback")


@mcp.tool()
def interactive_feedback(summary: str) -> str:
    return summary
'''


@pytest.mark.parametrize(
    ("shim", "framework", "unknown_keys"),
    [
        ("raise ModuleNotFoundError('renamed in mcp 2', name=__name__)\n", "fastmcp", "rejected"),
        ("class FastMCP:\n    pass\n", "mcp-fastmcp", "dropped"),
    ],
    ids=["module-raises-on-import", "module-imports"],
)
def test_an_import_that_fails_in_the_projects_environment_leaves_its_fallback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shim: str, framework: str,
    unknown_keys: str,
) -> None:
    # mcp 2.x keeps `mcp/server/fastmcp.py` only to raise: in that environment the
    # `except ImportError:` branch's fastmcp is the server's framework.
    site = tmp_path / "site-packages"
    (site / "mcp" / "server").mkdir(parents=True)
    (site / "mcp" / "__init__.py").write_text("", encoding="utf-8")
    (site / "mcp" / "server" / "__init__.py").write_text("", encoding="utf-8")
    (site / "mcp" / "server" / "fastmcp.py").write_text(shim, encoding="utf-8")
    monkeypatch.setenv(dependencies.ENVIRONMENT, str(site))
    _forget()
    package = tmp_path / "project" / "feedback_mcp"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "server.py").write_text(FALLBACK, encoding="utf-8")
    try:
        report = analyze_path(package / "server.py", Config())
    finally:
        _forget()
    tool = {t.name: t for t in report.tools}["interactive_feedback"]
    assert (tool.framework, tool.unknown_keys) == (framework, unknown_keys)
