"""`toolargs proxy` in front of a TypeScript server from the npm registry, run as it is.

The upstream is @modelcontextprotocol/server-memory (a knowledge graph kept in a JSON
lines file): read-only tools (read_graph, search_nodes, open_nodes, declared
readOnlyHint: true) and mutations (create_entities, delete_entities, ...). It ignores
keys its tools do not define. The package is installed at the pinned version by .ci/run
(TOOLARGS_PROXY_NPM_PREFIX), else here into the session's temporary folder; without node
and npm the tests are skipped, except under CI, where that is a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

from proxy_run import Session, connect, proxy_command, run, texts, unknown_block  # noqa: E402

PACKAGE = "@modelcontextprotocol/server-memory"
VERSION = "2026.8.31"
PREFIX_ENV = "TOOLARGS_PROXY_NPM_PREFIX"

ADA = {"name": "Ada", "entityType": "person", "observations": ["wrote the first program"]}
BOB = {"name": "Bob", "entityType": "person", "observations": ["should never be stored"]}


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI must run the TypeScript upstream (.ci/run installs it)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def memory_server(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The command that starts the pinned server-memory."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        _unavailable("node and npm are needed to run a TypeScript MCP server")
    assert node is not None and npm is not None
    prefix = Path(os.environ.get(PREFIX_ENV) or tmp_path_factory.mktemp("npm"))
    entry = prefix / "node_modules" / PACKAGE / "dist" / "index.js"
    if not entry.is_file():
        done = subprocess.run(
            [npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund",
             "--silent", f"{PACKAGE}@{VERSION}"],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        )
        if done.returncode != 0 or not entry.is_file():
            _unavailable(f"npm could not install {PACKAGE}@{VERSION}: {done.stderr[-300:]}")
    installed = json.loads((entry.parent.parent / "package.json").read_text(encoding="utf-8"))
    assert installed["version"] == VERSION
    return [node, str(entry)]


def graph(memory: Path) -> list[dict[str, Any]]:
    """What the server stored, read from its own file."""
    if not memory.exists():
        return []
    lines = memory.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


CLEAN = [
    ("create_entities", {"entities": [ADA]}),
    ("search_nodes", {"query": "Ada"}),
    ("open_nodes", {"names": ["Ada"]}),
    ("read_graph", {}),
]


def session(command: list[str], memory: Path, work: Any) -> Any:
    async def go() -> Any:
        async with connect(command, {"MEMORY_FILE_PATH": str(memory)}) as client:
            return await work(client)

    return run(go)


def test_clean_calls_are_unchanged(memory_server: list[str], tmp_path: Path) -> None:
    async def work(client: Session) -> list[dict[str, Any]]:
        return [await client.call(name, arguments) for name, arguments in CLEAN]

    direct = session(memory_server, tmp_path / "direct.jsonl", work)
    proxied = session(proxy_command(memory_server), tmp_path / "proxied.jsonl", work)
    assert proxied == direct
    assert all(result.get("isError") is not True for result in proxied)
    assert "Ada" in texts(proxied[1])[0]
    assert graph(tmp_path / "proxied.jsonl") == graph(tmp_path / "direct.jsonl")


def test_read_only_and_mutation_tools_through_the_proxy(
    memory_server: list[str], tmp_path: Path
) -> None:
    memory = tmp_path / "memory.jsonl"

    async def work(client: Session) -> dict[str, Any]:
        await client.call("create_entities", {"entities": [ADA]})
        return {
            "tools": await client.tools(),
            "search": await client.call("search_nodes", {"query": "Ada", "colour": "red"}),
            "limit": await client.call("search_nodes", {"query": "Ada", "limit": 1}),
            "create": await client.call(
                "create_entities", {"entities": [BOB], "overwrite": True}
            ),
            "delete": await client.call("delete_entities", {"entityNames": ["Ada"], "force": 1}),
            "after": await client.call("read_graph", {}),
        }

    seen = session(proxy_command(memory_server), memory, work)
    tools = seen["tools"]
    assert tools["search_nodes"]["annotations"]["readOnlyHint"] is True
    assert tools["create_entities"]["annotations"]["readOnlyHint"] is False
    # Read-only: answered, the unknown key reported in a text block after the content.
    search = seen["search"]
    assert search.get("isError") is not True
    assert unknown_block(search) == ["colour"]
    assert "Ada" in texts(search)[0]
    # Its output schema is closed to extra keys (the client validates structured content
    # against it): the structured content is left as the server gave it.
    assert tools["search_nodes"]["outputSchema"]["additionalProperties"] is False
    assert [e["name"] for e in search["structuredContent"]["entities"]] == ["Ada"]
    assert "unknown_args" not in search["structuredContent"]
    # No limit field in search_nodes: `limit` is no alias there, and is reported.
    assert unknown_block(seen["limit"]) == ["limit"]
    # Mutations: refused, and the server never ran them.
    assert seen["create"] == {
        "content": [{"type": "text", "text": "unknown arg: overwrite"}],
        "isError": True,
    }
    assert texts(seen["delete"]) == ["unknown arg: force"] and seen["delete"]["isError"]
    after = texts(seen["after"])[0]
    assert "Ada" in after and "Bob" not in after
    assert [entry["name"] for entry in graph(memory)] == ["Ada"]
