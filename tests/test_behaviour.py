"""The behaviour model: what happens to an unknown key, and who does it.

Each framework fact is verified by running the framework in tests/e2e; these tests pin
the model's table of them.
"""

from __future__ import annotations

import libcst as cst
import pytest

from toolargs.analysis import analyze_source
from toolargs.behaviour import Facts, behaviour
from toolargs.config import Config
from toolargs.model import Event, Step

NODE = cst.Name("x")
REJECT = [Event(Step.REJECT, NODE)]
COLLECT = [Event(Step.COLLECT, NODE)]
REPORT = [Event(Step.COLLECT, NODE), Event(Step.ATTACH, NODE)]


@pytest.mark.parametrize(
    ("facts", "label"),
    [
        # SDK FastMCP / MCPServer drop for every tool, whatever the handler does.
        (Facts("read-only", "mcp-fastmcp", 1, handler_events=REPORT), "dropped (framework)"),
        (Facts("mutation", "mcp-mcpserver", 2, keyword_style=True), "dropped (framework)"),
        (Facts("mutation", "mcp-fastmcp", 1, enforcement="enforce_policy(mcp)"),
         "rejected (toolargs)"),
        (Facts("read-only", "mcp-mcpserver", 2, enforcement="enforce_policy(mcp)"),
         "reported (toolargs)"),
        # Standalone fastmcp rejects before the tool runs; the middleware changes that,
        # except on 3.x with strict_input_validation=True.
        (Facts("read-only", "fastmcp", 4, keyword_style=True), "rejected (framework)"),
        (Facts("read-only", "fastmcp", 2, enforcement="PolicyMiddleware on mcp"),
         "reported (toolargs)"),
        (Facts("read-only", "fastmcp", 3, strict_input_validation=True,
               enforcement="enforce_policy(mcp)"), "rejected (schema)"),
        (Facts("read-only", "fastmcp", 4, strict_input_validation=True,
               enforcement="enforce_policy(mcp)"), "reported (toolargs)"),
        # SDK low-level Server: 1.x validates a closed schema before the handler.
        (Facts("mutation", "mcp-lowlevel", 1, schema_closed=True, handler_events=[]),
         "rejected (schema)"),
        (Facts("read-only", "mcp-lowlevel", 1, schema_closed=True, handler_events=REPORT,
               enforcement="ToolPolicy"), "rejected (schema)"),
        (Facts("mutation", "mcp-lowlevel", 1, validating=False, schema_closed=True,
               handler_events=[]), "dropped (handler)"),
        (Facts("mutation", "mcp-lowlevel", 2, schema_closed=True, handler_events=[]),
         "dropped (handler)"),
        (Facts("mutation", "mcp-lowlevel", 1, schema_closed=None, handler_events=REJECT),
         "rejected (handler)"),
        # The handler decides.
        (Facts("read-only", None, handler_events=REPORT), "reported (handler)"),
        (Facts("read-only", None, handler_events=COLLECT), "dropped (handler)"),
        (Facts("read-only", None, handler_events=[]), "dropped (handler)"),
        (Facts("mutation", None, handler_events=[], keyword_style=True, shape="registry"),
         "rejected (handler)"),
        (Facts("mutation", None, handler_events=[], keyword_style=True, shape="decorator"),
         "unknown (framework)"),
        (Facts("mutation", None), "unknown (handler)"),
        (Facts("mutation", None, handler_events=[], enforcement="ToolPolicy"),
         "rejected (toolargs)"),
    ],
)
def test_behaviour(facts: Facts, label: str) -> None:
    assert behaviour(facts).label == label


def test_messages_say_what_happens() -> None:
    assert behaviour(Facts("read-only", "fastmcp", 3)).what == (
        "fastmcp 3.x rejects them with 'Unexpected keyword argument' before the tool runs"
    )
    assert "additionalProperties: false" in behaviour(
        Facts("read-only", "mcp-lowlevel", 1, schema_closed=True, handler_events=[])
    ).what


# -- the rules judge from the model -------------------------------------------------------

SDK_SERVER = '''\
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("notes")


@mcp.tool()
def search_notes(query: str, max_results: int = 10) -> list[str]:
    return []
'''


def codes_of(source: str, config: Config | None = None) -> list[str]:
    report = analyze_source(source, "server.py", config or Config())
    return [d.message for d in report.diagnostics]


def test_tav502_needs_aliases_to_map() -> None:
    messages = codes_of(SDK_SERVER)
    assert any(m.startswith("TAV502") and "enforce_policy(mcp)" in m for m in messages)
    assert not any(m.startswith("TAV502") for m in codes_of(SDK_SERVER, Config(aliases=())))


def test_standalone_fastmcp_gets_tav503_with_a_remedy_that_works_there() -> None:
    source = SDK_SERVER.replace("mcp.server.fastmcp", "fastmcp")
    messages = codes_of(source)
    assert [m.split()[0] for m in messages] == ["TAV503"]
    assert "apply toolargs.runtime.enforce_policy(mcp) to its fastmcp server" in messages[0]
    assert "SDK" not in messages[0]
