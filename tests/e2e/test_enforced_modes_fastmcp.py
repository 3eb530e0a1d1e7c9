"""End to end: the field_journal package fixture on fastmcp, before and after the remedy
`toolargs check` gives for its applied enforce_policy(mcp).

With a bare enforce_policy(mcp), the running policy takes `tidy_site` (which deletes
entries, a name without a mutation verb) for read-only: a bogus key is reported and the
entries are deleted. With the call the checker advises, the same key is rejected before
the tool runs, and `set_overlap` (a name with a mutation verb, a pure tool) reports it.
"""

from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("fastmcp")

import anyio  # noqa: E402
from fastmcp import Client  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
JOURNAL = ROOT / "fixtures" / "packages" / "field_journal"
REMEDY = (
    'enforce_policy(mcp, mutation_tools=(*DEFAULT_MUTATION_TOOLS, "shelve_season", '
    '"tidy_site"), read_only_tools=("set_overlap",))'
)


@pytest.fixture(autouse=True)
def lenient_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLARGS_STRICT_ARGS", raising=False)


def load(tmp_path: Path, name: str, remedy: bool) -> tuple[Any, Any]:
    """A copy of the package as `name`, its journal in tmp_path: (server, tools module)."""
    package = tmp_path / "src" / name
    shutil.copytree(JOURNAL, package)
    if remedy:
        app = package / "app.py"
        text = app.read_text().replace(
            "import enforce_policy\n", "import DEFAULT_MUTATION_TOOLS, enforce_policy\n"
        )
        app.write_text(text.replace("enforce_policy(mcp)\n", REMEDY + "\n"))
    sys.path.insert(0, str(package.parent))
    try:
        tools = importlib.import_module(f"{name}.tools.entries")
        app_module = importlib.import_module(f"{name}.app")
    finally:
        sys.path.remove(str(package.parent))
    tools.JOURNAL = tmp_path / "journal"
    tools.ARCHIVE = tools.JOURNAL / "archive"
    site = tools.JOURNAL / "marsh"
    site.mkdir(parents=True)
    for day in ("2024-03-01", "2024-04-01", "2024-06-01"):
        (site / f"{day}.md").write_text("heron\n", encoding="utf-8")
    return app_module.mcp, tools


@pytest.fixture
def modules() -> Iterator[None]:
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        del sys.modules[name]


def call(server: Any, name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
    async def run() -> tuple[bool, str]:
        async with Client(server) as client:
            result = await client.call_tool(name, arguments, raise_on_error=False)
        texts = [block.text for block in result.content if block.type == "text"]
        return bool(result.is_error), "\n".join(texts)

    outcome: tuple[bool, str] = anyio.run(run)
    return outcome


def remaining(tools: Any) -> list[str]:
    return sorted(p.stem for p in (tools.JOURNAL / "marsh").glob("*.md"))


def test_bare_enforce_policy_lets_the_mutation_run_with_a_bogus_key(
    tmp_path: Path, modules: None
) -> None:
    server, tools = load(tmp_path, "journal_bare", remedy=False)
    is_error, text = call(
        server, "tidy_site", {"site": "marsh", "before": "2024-05-01", "dry_run": True}
    )
    assert not is_error
    assert "unknown_args" in text and "dry_run" in text
    assert remaining(tools) == ["2024-06-01"]  # deleted, though the agent asked for a dry run
    is_error, text = call(server, "set_overlap", {"first": ["a"], "second": ["a"], "x": 1})
    assert is_error and "unknown arg: x" in text


def test_with_the_remedy_the_mutation_rejects_it_before_running(
    tmp_path: Path, modules: None
) -> None:
    server, tools = load(tmp_path, "journal_fixed", remedy=True)
    is_error, text = call(
        server, "tidy_site", {"site": "marsh", "before": "2024-05-01", "dry_run": True}
    )
    assert is_error and "unknown arg: dry_run" in text
    assert remaining(tools) == ["2024-03-01", "2024-04-01", "2024-06-01"]
    is_error, text = call(server, "tidy_site", {"site": "marsh", "before": "2024-05-01"})
    assert not is_error and remaining(tools) == ["2024-06-01"]
    is_error, text = call(server, "set_overlap", {"first": ["a", "b"], "second": ["b"], "x": 1})
    assert not is_error
    assert '"b"' in text and "unknown_args" in text and '"x"' in text
