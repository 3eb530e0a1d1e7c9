"""End to end: standalone fastmcp servers (2.x, 3.x, 4.x) and fastmcp's own client.

What fastmcp does with an unknown key without the policy, and what
`enforce_policy(server)` (the `toolargs.fastmcp` middleware) makes of it. Skipped when
fastmcp is not installed; `.ci/e2e-mcp` runs it once per major and fails if it skipped.
"""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass
from typing import Any

import pytest

fastmcp = pytest.importorskip("fastmcp")
pydantic = pytest.importorskip("pydantic")

import anyio  # noqa: E402
from fastmcp import Client, FastMCP  # noqa: E402
from mcp.types import TextContent, ToolAnnotations  # noqa: E402

from toolargs.fastmcp import PolicyMiddleware, fastmcp_major  # noqa: E402
from toolargs.runtime import enforce_policy  # noqa: E402

MAJOR = fastmcp_major()
READ_ONLY = ToolAnnotations(readOnlyHint=True)
Calls = list[tuple[str, dict[str, Any]]]


@pytest.fixture(autouse=True)
def lenient_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLARGS_STRICT_ARGS", raising=False)


@dataclass
class Reply:
    is_error: bool
    texts: list[str]
    structured: Any

    @property
    def text(self) -> str:
        return "\n".join(self.texts)

    def mentions_unknown_args(self) -> bool:
        return "unknown_args" in self.text or (
            isinstance(self.structured, dict) and "unknown_args" in self.structured
        )


def call(server: Any, name: str, arguments: dict[str, Any]) -> Reply:
    async def run() -> Reply:
        async with Client(server) as client:
            result = await client.call_tool(name, arguments, raise_on_error=False)
        texts = [block.text for block in result.content if block.type == "text"]
        return Reply(bool(result.is_error), texts, result.structured_content)

    outcome: Reply = anyio.run(run)
    return outcome


class Summary(pydantic.BaseModel):
    """A result type whose output schema is closed to extra keys."""

    model_config = pydantic.ConfigDict(extra="forbid")
    count: int


def build(calls: Calls, **options: Any) -> Any:
    server = FastMCP("e2e", **options)

    @server.tool(annotations=READ_ONLY)
    def search(query: str, max_results: int = 20) -> dict[str, Any]:
        calls.append(("search", {"query": query, "max_results": max_results}))
        return {"query": query, "max_results": max_results}

    @server.tool(annotations=READ_ONLY)
    def outline(path: str) -> list[TextContent]:
        calls.append(("outline", {"path": path}))
        return [TextContent(type="text", text=f"outline of {path}")]

    @server.tool(annotations=READ_ONLY)
    def count(query: str) -> Summary:
        calls.append(("count", {"query": query}))
        return Summary(count=len(query))

    @server.tool
    def replace_lines(path: str, start: int, text: str) -> str:
        calls.append(("replace_lines", {"path": path, "start": start, "text": text}))
        return "replaced"

    @server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))
    def write_note(text: str) -> str:
        calls.append(("write_note", {"text": text}))
        return "written"

    return server


@pytest.fixture
def calls() -> Calls:
    return []


@pytest.fixture
def server(calls: Calls) -> Any:
    return enforce_policy(build(calls))


# -- fastmcp without the policy ---------------------------------------------------------


def test_fastmcp_rejects_unknown_keys_before_the_tool_runs(calls: Calls) -> None:
    """The behaviour the checker models for fastmcp 2.x-4.x: if this fails, fastmcp changed."""
    reply = call(build(calls), "search", {"query": "x", "banana": 1})
    assert reply.is_error
    assert "Unexpected keyword argument" in reply.text and "banana" in reply.text
    assert calls == []


def test_fastmcp_publishes_closed_schemas_from_3x() -> None:
    async def schema() -> Any:
        async with Client(build([])) as client:
            tools = {tool.name: tool for tool in await client.list_tools()}
        return tools["search"].model_dump(by_alias=True)["inputSchema"]

    published = anyio.run(schema)
    expected = False if MAJOR is not None and MAJOR >= 3 else None
    assert published.get("additionalProperties") is expected


# -- read-only tools --------------------------------------------------------------------


def test_alias_mapped_and_unknown_keys_reported(server: Any, calls: Calls) -> None:
    reply = call(server, "search", {"query": "x", "limit": 3, "banana": 1})
    assert not reply.is_error, reply.text
    assert calls == [("search", {"query": "x", "max_results": 3})]
    assert reply.structured == {"query": "x", "max_results": 3, "unknown_args": ["banana"]}
    assert json.loads(reply.texts[-1]) == {"unknown_args": ["banana"]}


def test_top_k_mapped_and_canonical_wins(server: Any, calls: Calls) -> None:
    call(server, "search", {"query": "x", "top_k": 4})
    reply = call(server, "search", {"query": "x", "max_results": 5, "limit": 99})
    assert calls == [
        ("search", {"query": "x", "max_results": 4}),
        ("search", {"query": "x", "max_results": 5}),
    ]
    assert not reply.mentions_unknown_args()


def test_clean_call_has_no_unknown_args(server: Any, calls: Calls) -> None:
    reply = call(server, "search", {"query": "x"})
    assert not reply.is_error and not reply.mentions_unknown_args()


def test_underscore_keys_are_ignored(server: Any, calls: Calls) -> None:
    reply = call(server, "search", {"query": "x", "_trace": "t1"})
    assert not reply.is_error, reply.text
    assert calls == [("search", {"query": "x", "max_results": 20})]
    assert not reply.mentions_unknown_args()


def test_content_blocks_get_one_more_block(server: Any, calls: Calls) -> None:
    reply = call(server, "outline", {"path": "a.py", "depth": 2})
    assert not reply.is_error, reply.text
    assert reply.texts[0] == "outline of a.py"
    assert json.loads(reply.texts[-1]) == {"unknown_args": ["depth"]}


def test_closed_output_schema_keeps_structured_content(server: Any, calls: Calls) -> None:
    reply = call(server, "count", {"query": "abc", "banana": 1})
    assert not reply.is_error, reply.text
    if MAJOR == 2:  # 2.x prunes additionalProperties from the output schema it publishes
        assert reply.structured == {"count": 3, "unknown_args": ["banana"]}
    else:
        assert reply.structured == {"count": 3}
    assert json.loads(reply.texts[-1]) == {"unknown_args": ["banana"]}


def test_strict_env_rejects_read_only(
    server: Any, calls: Calls, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOOLARGS_STRICT_ARGS", "1")
    reply = call(server, "search", {"query": "x", "banana": 1})
    assert reply.is_error and "unknown arg: banana" in reply.text
    assert calls == []


# -- mutation tools ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "tool, arguments",
    [
        ("replace_lines", {"path": "a.py", "start": 1, "text": "t", "dry_run": True}),
        ("write_note", {"text": "t", "dry_run": True}),
    ],
)
def test_mutation_unknown_key_fails_before_running(
    server: Any, calls: Calls, tool: str, arguments: dict[str, Any]
) -> None:
    reply = call(server, tool, arguments)
    assert reply.is_error
    assert reply.text == "unknown arg: dry_run"
    assert calls == []


def test_mutation_clean_call_runs(server: Any, calls: Calls) -> None:
    reply = call(server, "replace_lines", {"path": "a.py", "start": 1, "text": "t"})
    assert not reply.is_error
    assert calls == [("replace_lines", {"path": "a.py", "start": 1, "text": "t"})]


# -- the server as a whole ----------------------------------------------------------------


def test_unknown_tool_is_fastmcps_own_error(server: Any) -> None:
    reply = call(server, "missing", {"banana": 1})
    assert reply.is_error and "missing" in reply.text and "unknown arg" not in reply.text


def test_enforcing_twice_adds_one_middleware(calls: Calls) -> None:
    server = build(calls)
    assert enforce_policy(enforce_policy(server)) is server
    assert sum(isinstance(m, PolicyMiddleware) for m in server.middleware) == 1
    reply = call(server, "outline", {"path": "a.py", "depth": 2})
    assert reply.texts == ["outline of a.py", json.dumps({"unknown_args": ["depth"]})]


def mount(parent: Any, child: Any, prefix: str) -> None:
    try:  # fastmcp 3.x/4.x
        parent.mount(child, namespace=prefix)
    except TypeError:  # fastmcp 2.x
        parent.mount(child, prefix=prefix)


def test_mounted_server_is_covered_from_the_parent(calls: Calls) -> None:
    parent = enforce_policy(FastMCP("parent"))
    mount(parent, build(calls), "notes")
    reply = call(parent, "notes_search", {"query": "x", "limit": 2, "banana": 1})
    assert not reply.is_error, reply.text
    assert calls == [("search", {"query": "x", "max_results": 2})]
    assert reply.structured["unknown_args"] == ["banana"]
    rejected = call(parent, "notes_write_note", {"text": "t", "force": 1})
    assert rejected.is_error and rejected.text == "unknown arg: force"
    assert len(calls) == 1


def test_annotation_names_differ_but_dump_by_alias_agrees() -> None:
    async def tool() -> Any:
        return await build([]).get_tool("search")

    found = anyio.run(tool)
    dumped = found.annotations.model_dump(by_alias=True, exclude_none=True)
    assert dumped == {"readOnlyHint": True}
    field = "read_only_hint" if MAJOR is not None and MAJOR >= 4 else "readOnlyHint"
    assert getattr(found.annotations, field) is True


def test_get_tool_of_a_missing_name() -> None:
    async def missing() -> Any:
        return await build([]).get_tool("missing")

    if MAJOR == 2:
        with pytest.raises(Exception, match="Unknown tool"):
            anyio.run(missing)
    else:
        assert anyio.run(missing) is None


def test_strict_input_validation(calls: Calls) -> None:
    """3.x validates the closed schema before any middleware: the policy cannot run."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        server = enforce_policy(build(calls, strict_input_validation=True))
    reply = call(server, "search", {"query": "x", "banana": 1})
    warned = [w for w in caught if issubclass(w.category, RuntimeWarning)]
    if MAJOR == 3:
        assert reply.is_error
        assert "Additional properties are not allowed ('banana' was unexpected)" in reply.text
        assert len(warned) == 1 and "strict_input_validation" in str(warned[0].message)
    else:
        assert not reply.is_error, reply.text
        assert reply.structured["unknown_args"] == ["banana"]
        assert warned == []


def test_project_subclass_of_fastmcp_rejects_like_fastmcp(calls: Calls) -> None:
    """A project class derived from FastMCP whose `tool()` wraps each function (as
    error-preserving subclasses do) still rejects an unknown key before the tool runs."""
    import functools

    class TracingFastMCP(FastMCP):  # type: ignore[misc]
        def tool(self, *args: Any, **kwargs: Any) -> Any:
            register = super().tool(*args, **kwargs)

            def wrap(fn: Any) -> Any:
                @functools.wraps(fn)
                def traced(*a: Any, **k: Any) -> Any:
                    calls.append(("traced", dict(k)))
                    return fn(*a, **k)

                return register(traced)

            return wrap

    server = TracingFastMCP("sub")

    @server.tool(annotations=READ_ONLY)
    def lookup(query: str) -> str:
        return f"found {query}"

    reply = call(server, "lookup", {"query": "x", "bogus": 1})
    assert reply.is_error and "Unexpected keyword argument" in reply.text
    assert calls == []
    assert call(server, "lookup", {"query": "x"}).texts == ["found x"]


def flagged(calls: Calls, read_only: bool) -> Any:
    """A query tool annotated with a start-up flag (`"readOnlyHint": read_only`)."""
    server = FastMCP("flagged")
    annotations = {"readOnlyHint": read_only, "destructiveHint": not read_only}

    @server.tool(name="run_sql", annotations=annotations)
    def run_sql(sql: str) -> str:
        calls.append(("run_sql", {"sql": sql}))
        return "rows"

    return server


@pytest.mark.parametrize("read_only", [True, False])
def test_read_only_by_a_flag_is_rejected_either_way(calls: Calls, read_only: bool) -> None:
    """Listed read-only when the flag says so, and fastmcp rejects the unknown key the
    same: the read-only configuration breaks the policy (TAV503)."""

    async def listed() -> Any:
        async with Client(flagged([], read_only)) as client:
            tools = {tool.name: tool for tool in await client.list_tools()}
        return tools["run_sql"].model_dump(by_alias=True)["annotations"]["readOnlyHint"]

    assert anyio.run(listed) is read_only
    reply = call(flagged(calls, read_only), "run_sql", {"sql": "select 1", "bogus": 1})
    assert reply.is_error and "Unexpected keyword argument" in reply.text
    assert calls == []


def test_enforcement_follows_the_flag(calls: Calls) -> None:
    """enforce_policy reads the listed annotation: reported when read-only, rejected not."""
    reply = call(enforce_policy(flagged(calls, True)), "run_sql", {"sql": "x", "bogus": 1})
    assert not reply.is_error and reply.mentions_unknown_args()
    assert calls == [("run_sql", {"sql": "x"})]
    reply = call(enforce_policy(flagged(calls, False)), "run_sql", {"sql": "x", "bogus": 1})
    assert reply.is_error and reply.text == "unknown arg: bogus"
    assert len(calls) == 1


def test_enforce_policy_takes_a_project_subclass_of_fastmcp(calls: Calls) -> None:
    """What TAV503 advises for a server built from the project's own FastMCP subclass."""

    class ProjectFastMCP(FastMCP):  # type: ignore[misc]
        pass

    server = enforce_policy(ProjectFastMCP("sub"))

    @server.tool(annotations=READ_ONLY)
    def lookup(query: str) -> str:
        calls.append(("lookup", {"query": query}))
        return f"found {query}"

    @server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))
    def write_note(text: str) -> str:
        calls.append(("write_note", {"text": text}))
        return "written"

    reply = call(server, "lookup", {"query": "x", "bogus": 1})
    assert not reply.is_error, reply.text
    assert '"unknown_args": ["bogus"]' in reply.text
    refused = call(server, "write_note", {"text": "x", "bogus": 1})
    assert refused.is_error and "unknown arg: bogus" in refused.text
    assert calls == [("lookup", {"query": "x"})]
