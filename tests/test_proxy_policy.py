"""`toolargs proxy` without a running server: its configuration, the decision it takes
for each call, what it adds to an answer, and its command line errors.

End to end, through the SDK's client against real upstreams: tests/e2e/test_proxy*.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolargs.cli.main import main
from toolargs.config import ConfigError, load_pyproject
from toolargs.proxy import sdk
from toolargs.proxy.calls import Forward, ProxyPolicy, Refuse
from toolargs.proxy.settings import ProxySettings, find_config, read_config, with_options

SEARCH = {
    "name": "search",
    "inputSchema": {
        "type": "object",
        "properties": {"query": {"type": "string"}, "max_results": {"type": "integer"}},
    },
    "annotations": {"readOnlyHint": True},
}
STATS = {
    "name": "stats",
    "inputSchema": {"type": "object", "properties": {"day": {"type": "string"}}},
    "outputSchema": {"type": "object", "additionalProperties": False},
    "annotations": {"readOnlyHint": True},
}
SAVE = {
    "name": "save",
    "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}},
    "annotations": {"readOnlyHint": False},
}
SYNC = {"name": "sync", "inputSchema": {"type": "object", "properties": {}}}  # no annotations
TOOLS = [SEARCH, STATS, SAVE, SYNC, {"title": "no name"}, "not a tool"]


def policy(**settings: Any) -> ProxyPolicy:
    return ProxyPolicy(TOOLS, ProxySettings(**settings))  # type: ignore[arg-type]


def test_modes_annotations_then_the_safe_default() -> None:
    decided = policy()
    assert [decided.mode(name) for name in ("search", "stats", "save", "sync")] == [
        "read-only", "read-only", "mutation", "mutation"
    ]
    assert "no name" not in decided


def test_configuration_comes_before_annotations() -> None:
    decided = policy(
        tool_modes={"save": "read-only"},
        mutation_tools=("se*",),
        read_only_tools=("s*",),
    )
    # A named tool first; a name both kinds of pattern match is a mutation.
    assert decided.mode("save") == "read-only"
    assert decided.mode("search") == "mutation"
    assert decided.mode("stats") == "read-only"
    assert decided.mode("sync") == "read-only"


def test_read_only_call_forwards_known_keys_and_reports_the_rest() -> None:
    decision = policy().decide("search", {"query": "q", "limit": 2, "zz": 1, "_meta": {}})
    assert decision == Forward({"query": "q", "max_results": 2, "_meta": {}}, ["zz"])
    assert policy().decide("search", {"query": "q", "max_results": 1, "top_k": 9}) == Forward(
        {"query": "q", "max_results": 1}, []
    )


def test_a_clean_call_goes_on_untouched() -> None:
    assert policy().decide("search", {"query": "q", "max_results": 3}) == Forward(None, [])
    assert policy().decide("save", {"text": "t"}) == Forward(None, [])
    assert policy().decide("sync", None) == Forward(None, [])
    assert policy().decide("save", ["not", "an", "object"]) == Forward(None, [])


def test_mutation_and_unknown_mode_refuse_unknown_keys() -> None:
    assert policy().decide("save", {"text": "t", "force": True}) == Refuse("unknown arg: force")
    refused = policy().decide("sync", {"b": 1, "a": 2})
    assert refused == Refuse("unknown arg: a")
    assert isinstance(refused, Refuse)
    assert refused.result() == {
        "content": [{"type": "text", "text": "unknown arg: a"}],
        "isError": True,
    }


def test_strict_args_refuses_on_read_only_tools(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "1")
    assert policy().decide("search", {"query": "q", "zz": 1}) == Refuse("unknown arg: zz")
    assert policy().decide("search", {"query": "q", "limit": 1}) == Forward(
        {"query": "q", "max_results": 1}, []
    )


def test_answer_follows_the_one_rule_for_unknown_args() -> None:
    decided = policy()
    result = {
        "content": [{"type": "text", "text": "found"}],
        "structuredContent": {"hits": []},
        "isError": False,
    }
    assert decided.answer("search", result, ["zz"]) == {
        "content": [
            {"type": "text", "text": "found"},
            {"type": "text", "text": json.dumps({"unknown_args": ["zz"]})},
        ],
        "structuredContent": {"hits": [], "unknown_args": ["zz"]},
        "isError": False,
    }
    assert result["structuredContent"] == {"hits": []}  # the upstream's answer is not changed
    # An output schema closed to extra keys: the structured content stays as it was.
    closed = decided.answer("stats", result, ["zz"])
    assert closed["structuredContent"] == {"hits": []}
    assert len(closed["content"]) == 2


def test_settings_from_the_table(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text(
        "[tool.toolargs]\n"
        'default-mode = "read-only"\n'
        "[tool.toolargs.proxy]\n"
        'read-only-tools = ["get_*"]\n'
        'mutation-tools = "drop_*"\n'
        'tools = { sync = "read-only" }\n'
        'default-mode = "read-only"\n'
        'aliases = ["limit"]\n'
        "timeout = 5\n",
        encoding="utf-8",
    )
    settings = read_config(path, required=True)
    assert settings == ProxySettings(
        read_only_tools=("get_*",),
        mutation_tools=("drop_*",),
        tool_modes={"sync": "read-only"},
        default_mode="read-only",
        aliases=("limit",),
        timeout=5.0,
        source=str(path),
    )
    # The checker reads the same file and leaves the proxy's table alone.
    assert load_pyproject(path).default_mode == "read-only"
    merged = with_options(settings, ["srv"], read_only=["list_*"], timeout=9)
    assert merged.read_only_tools == ("get_*", "list_*") and merged.timeout == 9
    assert merged.command == ("srv",)


@pytest.mark.parametrize(
    "table, message",
    [
        ("colour = 1", "unknown key 'colour' (known keys: aliases, default-mode, limit-fields, "
         "mutation-tools, read-only-tools, timeout, tools)"),
        ('default-mode = "strict"', "'default-mode' must be one of 'read-only', 'mutation', "
         "got 'strict'"),
        ("timeout = 0", "'timeout' must be a positive number of seconds, got 0"),
        ("read-only-tools = [1]", "'read-only-tools' must be a list of strings, got [1]"),
        ('tools = { a = "fast" }',
         "'tools' 'a' must be one of 'read-only', 'mutation', got 'fast'"),
        ('tools = ["a"]', "'tools' must be a table of tool names and modes, got ['a']"),
    ],
)
def test_bad_configuration_names_the_key(tmp_path: Path, table: str, message: str) -> None:
    path = tmp_path / "proxy.toml"
    path.write_text(f"[tool.toolargs.proxy]\n{table}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        read_config(path, required=True)
    assert str(raised.value) == f"{path} [tool.toolargs.proxy]: {message}"


def test_the_nearest_pyproject_with_a_proxy_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.toolargs.proxy]\nread-only-tools = ["a"]\n', encoding="utf-8"
    )
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    assert find_config(inner).read_only_tools == ("a",)
    (tmp_path / "pyproject.toml").unlink()
    assert find_config(inner) == ProxySettings()
    with pytest.raises(ConfigError, match="no \\[tool.toolargs.proxy\\] table"):
        read_config(inner / "pyproject.toml", required=True)


def test_command_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["proxy"]) == 2
    assert capsys.readouterr().err == (
        "toolargs proxy: error: no server: give -- COMMAND [ARG...] to start one\n"
    )
    broken = tmp_path / "broken.toml"
    broken.write_text("[tool.toolargs.proxy\n", encoding="utf-8")
    assert main(["proxy", "--config", str(broken), "--", "srv"]) == 2
    assert capsys.readouterr().err.startswith(f"toolargs proxy: error: {broken}: not valid TOML")


def test_without_the_sdk(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def missing(name: str) -> Any:
        raise ModuleNotFoundError(f"No module named {name!r}", name="mcp")

    monkeypatch.setattr(sdk.importlib, "import_module", missing)
    monkeypatch.chdir(Path(__file__).parent)
    assert main(["proxy", "--", "srv"]) == 2
    assert capsys.readouterr().err == (
        "toolargs proxy: error: toolargs proxy needs the MCP Python SDK: "
        "pip install 'toolargs[proxy]'\n"
    )
