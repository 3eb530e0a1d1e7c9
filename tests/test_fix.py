"""`toolargs fix` on sources: golden rewrites, idempotence, and what is never rewritten.

Each golden input under tests/fix_golden/ is a small server named after the code it
exercises (`tav303_vector_search.py`); its `.expected.py` partner is the exact fixed
text. An input without a partner holds only what must be reported, never rewritten.
"""

from __future__ import annotations

import dataclasses
import io
import re
import textwrap
from collections import Counter
from pathlib import Path

import libcst as cst
import pytest

from toolargs.analysis import analyze_source
from toolargs.config import Config, load_config_file
from toolargs.fixer import FIXABLE, fix_paths, fix_source
from toolargs.fixer import engine
from toolargs.fixer.edits import Edits
from toolargs.fixer.plan import Plan

HERE = Path(__file__).parent
GOLDEN = HERE / "fix_golden"
FIXTURES = HERE.parent / "fixtures"
# fix_golden/handler/: servers of a project that applies the policy in each handler of
# its low-level servers (policy-at = "handler"): the per-handler rewrites.
INPUTS = sorted(
    p for p in (*GOLDEN.glob("*.py"), *GOLDEN.glob("handler/*.py"))
    if not p.name.endswith(".expected.py")
)  # fmt: skip
REWRITTEN = [p for p in INPUTS if p.with_name(p.stem + ".expected.py").exists()]
REPORTED = [p for p in INPUTS if p not in REWRITTEN]
CONFIG = Config()
# A project that applies the policy in each handler of its low-level servers.
HANDLER_CONFIG = load_config_file(GOLDEN / "handler" / "setup.cfg")


def config_of(path: Path) -> Config:
    return HANDLER_CONFIG if path.parent.name == "handler" else CONFIG


def read(path: Path) -> str:
    return path.read_bytes().decode("utf-8") if path.exists() else ""


def expected_of(path: Path) -> str:
    return read(path.with_name(path.stem + ".expected.py"))


def codes_in(source: str, path: Path) -> Counter[str]:
    report = analyze_source(source, str(path), config_of(path))
    assert report.error is None, report.error
    return Counter(d.code for d in report.diagnostics)


def code_of(path: Path) -> str:
    match = re.match(r"tav(\d{3})_", path.name)
    assert match, f"{path.name}: golden inputs are named tav<code>_<server>.py"
    return f"TAV{match.group(1)}"


# --- golden rewrites ---


def test_every_fixable_code_has_a_golden_file() -> None:
    assert {code_of(p) for p in REWRITTEN} == set(FIXABLE)
    assert REPORTED, "a golden input with what is only reported"


@pytest.mark.parametrize("path", REWRITTEN, ids=lambda p: p.stem)
def test_golden_rewrite(path: Path) -> None:
    source = read(path)
    result = fix_source(source, str(path), config_of(path))
    assert result.error is None
    assert result.new_source == expected_of(path)
    assert code_of(path) in {d.code for d in result.fixed}


@pytest.mark.parametrize("path", REWRITTEN, ids=lambda p: p.stem)
def test_golden_output_checks_clean_for_its_code(path: Path) -> None:
    before = codes_in(read(path), path)
    after = codes_in(expected_of(path), path)
    code = code_of(path)
    assert before[code] > 0, f"{path.name} does not trigger {code}"
    assert after[code] == 0
    assert set(after) <= set(before), "a fix must not bring new findings"


@pytest.mark.parametrize("path", REWRITTEN, ids=lambda p: p.stem)
def test_a_second_fix_changes_nothing(path: Path) -> None:
    fixed = expected_of(path)
    again = fix_source(fixed, str(path), config_of(path))
    assert again.new_source == fixed
    assert again.fixed == ()


@pytest.mark.parametrize("path", REPORTED, ids=lambda p: p.stem)
def test_what_is_not_mechanical_is_reported_with_a_reason(path: Path) -> None:
    source = read(path)
    result = fix_source(source, str(path), config_of(path))
    assert result.new_source == source
    assert result.remaining, "the reported golden must still have findings"
    for diagnostic in result.remaining:
        if diagnostic.code in FIXABLE:
            assert result.reason(diagnostic), f"{diagnostic.code} left without a reason"


# --- the fixture corpus: every fix re-checks, every second fix is a no-op ---

CORPUS = sorted(FIXTURES.rglob("*.py")) + INPUTS


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: str(p.relative_to(HERE.parent)))
def test_fixing_any_server_is_safe_and_idempotent(path: Path) -> None:
    source = read(path)
    first = fix_source(source, str(path), config_of(path))
    if first.error is not None:
        pytest.skip(f"not analysable: {first.error}")
    cst.parse_module(first.new_source)  # the result parses
    before, after = codes_in(source, path), codes_in(first.new_source, path)
    assert not (after - before), "a fix must not bring new findings"
    assert sum(before.values()) - sum(after.values()) == len(first.fixed)
    second = fix_source(first.new_source, str(path), config_of(path))
    assert second.new_source == first.new_source
    if not first.changed:
        assert not first.fixed


# --- focused behaviour ---

SEARCH = '''\
from toolargs.runtime import collect_unknown_args, with_unknown_args

SCHEMA = {"type": "object", "properties": {"query": {}, "max_results": {}}}
SEARCH_ARGS = ("query", "banana")


@server.tool("search", input_schema=SCHEMA, annotations={"readOnlyHint": True})
def search(args):
    unknown = collect_unknown_args(args, SEARCH_ARGS)
    return with_unknown_args({"hits": []}, unknown)
'''


def test_only_enabled_codes_are_fixed() -> None:
    only_missing = fix_source(SEARCH, "s.py", CONFIG, enabled=lambda code: code == "TAV303")
    assert 'SEARCH_ARGS = ("query", "banana")' not in only_missing.new_source
    assert '"banana"' in only_missing.new_source  # TAV302 was not selected
    assert '"limit", "top_k"' in only_missing.new_source
    assert [d.code for d in only_missing.fixed] == ["TAV303"]
    everything = fix_source(SEARCH, "s.py", CONFIG)
    assert 'SEARCH_ARGS = ("query", "max_results", "limit", "top_k")' in everything.new_source


def test_a_noqa_comment_keeps_the_code_as_it_is() -> None:
    silenced = SEARCH.replace(
        'SEARCH_ARGS = ("query", "banana")', 'SEARCH_ARGS = ("query", "banana")  # noqa: TAV3'
    )
    result = fix_source(silenced, "s.py", CONFIG)
    assert result.new_source == silenced
    assert result.fixed == () and result.remaining == ()


LOOKUP = '''
READ_ONLY = {"readOnlyHint": True}


@server.tool("lookup", input_schema={"properties": {"query": {}}}, annotations=READ_ONLY)
def lookup(args):
    unknown = collect_unknown_args(args, SHARED)
    return with_unknown_args({}, unknown)
'''


def test_a_key_list_shared_by_different_schemas_is_left_to_a_person() -> None:
    shared = SEARCH.replace('SEARCH_ARGS = ("query", "banana")', 'SHARED = ("query",)')
    shared = shared.replace("SEARCH_ARGS)", "SHARED)") + LOOKUP
    result = fix_source(shared, "s.py", CONFIG)
    assert result.new_source == shared
    (left,) = [d for d in result.remaining if d.code == "TAV303"]
    assert "shared by tools whose schemas differ" in (result.reason(left) or "")


def test_a_pass_that_brings_a_new_finding_is_thrown_away(monkeypatch: pytest.MonkeyPatch) -> None:
    source = SEARCH.replace("    unknown = collect_unknown_args(args, SEARCH_ARGS)\n", "").replace(
        "with_unknown_args({\"hits\": []}, unknown)", '{"hits": []}'
    )
    assert "TAV101" in codes_in(source, Path("s.py"))

    def harmful(
        module: cst.Module, model: object, findings: list[object], config: Config, **_: object
    ) -> Plan:
        # Replaces the schema literal with a call: the result would bring TAV901.
        edits = Edits()
        for statement in module.body:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Assign) and isinstance(small.value, cst.Dict):
                        edits.replace_node(small.value, lambda _: cst.parse_expression("make()"))
        return Plan(edits, planned=list(findings))  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "plan_fixes", harmful)
    result = fix_source(source, "s.py", CONFIG)
    assert result.new_source == source
    assert result.fixed == ()
    assert all("tried and reverted" in (result.reason(d) or "") for d in result.remaining)


def test_a_file_that_does_not_parse_is_an_error_not_a_rewrite() -> None:
    broken = SEARCH + "\ndef oops(:\n"
    result = fix_source(broken, "s.py", CONFIG)
    assert result.error is not None and "cannot parse" in result.error
    assert result.new_source == broken


def test_tabs_and_crlf_inside_the_source_are_kept() -> None:
    tabbed = SEARCH.replace("    ", "\t").replace("\n", "\r\n")
    result = fix_source(tabbed, "s.py", CONFIG)
    assert result.changed
    assert "\r\n" in result.new_source and "\n" not in result.new_source.replace("\r\n", "")
    assert all(not line.startswith("    ") for line in result.new_source.split("\r\n"))


EDGES = '''\
from toolargs.runtime import collect_unknown_args, with_unknown_args

SCHEMA = {"type": "object", "properties": {"path": {}, "text": {}}}


@server.tool("one_liner", input_schema=SCHEMA, annotations={"readOnlyHint": True})
def one_liner(args): return {"x": 1}


class EchoTool(Tool):
    name = "echo"
    input_schema = SCHEMA
    annotations = {"readOnlyHint": True}

    async def apply(self, args: dict) -> dict:
        """Echo back."""
        def inner():
            return 5
        with open(args["path"]) as handle:
            return {"text": handle.read(), "n": inner()}


@server.tool("write_note", input_schema=SCHEMA, annotations={"readOnlyHint": False})
def write_note(args):
    unknown = collect_unknown_args(args, ("path", "text"))
    logger.info("ignoring %s", unknown)
    save(args["path"], args["text"])
    return with_unknown_args({"ok": True}, unknown)


@server.tool("edit_note", input_schema=SCHEMA, annotations={"readOnlyHint": False})
def edit_note(args):
    unknown = collect_unknown_args(args, ("path", "text"))
    save(args["path"], args["text"])
    payload = {"ok": True}
    payload = with_unknown_args(payload, unknown)
    return payload
'''


def test_handler_shapes_a_fix_must_read_right() -> None:
    result = fix_source(EDGES, "edges.py", CONFIG)
    fixed = result.new_source
    # A nested function's `return` is not the handler's: only the real return is wrapped.
    assert "            return 5\n" in fixed
    assert 'return with_unknown_args({"text": handle.read(), "n": inner()}, unknown)' in fixed
    # `payload = with_unknown_args(payload, unknown)` goes away whole, not as `payload = payload`.
    assert "payload = payload" not in fixed
    assert "    reject_unknown_args(args, EDIT_NOTE_KNOWN_ARGS)\n" in fixed
    reasons = {d.tool: result.reason(d) or "" for d in result.remaining}
    assert set(reasons) == {"one_liner", "write_note"}
    assert "on the line of its `def`" in reasons["one_liner"]
    assert "`unknown` is used for more than unknown_args" in reasons["write_note"]
    assert "def write_note(args):\n    unknown = collect_unknown_args" in fixed


# One call handler, served by a module-level server here and by a factory below.
CALL_TOOL = '''\
async def on_call_tool(ctx, params: CallToolRequestParams) -> dict[str, Any]:
    arguments = params.arguments or {}
    if params.name == "delete_note":
        store.delete(arguments["name"])
        return {"deleted": arguments["name"]}
    if params.name == "count_notes":
        return {"count": store.count(arguments.get("folder"))}
    raise ValueError(params.name)
'''

SDK2_DISPATCHER = '''\
from typing import Any

from mcp.server.lowlevel import Server
from mcp.types import CallToolRequestParams, CallToolResult, TextContent, Tool

server = Server("notes")
READ_ONLY = {"readOnlyHint": True}


@server.list_tools()
async def list_tools():
    return [
        Tool(name="delete_note", inputSchema={"properties": {"name": {}}}),
        Tool(name="count_notes", inputSchema={"properties": {"folder": {}}}, annotations=READ_ONLY),
    ]


''' + CALL_TOOL + '''

server = Server("notes", on_call_tool=on_call_tool)
'''


def test_a_low_level_server_gets_enforce_policy_once_where_it_is_built() -> None:
    # The server that serves on_call_tool is the second one built: the line goes there,
    # once, carrying the project's mutation patterns; no branch is edited.
    config = Config(mutation_tools=("delete_*",))
    result = fix_source(SDK2_DISPATCHER, "notes.py", config)
    fixed = result.new_source
    built = 'server = Server("notes", on_call_tool=on_call_tool)\n'
    assert fixed.endswith(built + 'enforce_policy(server, mutation_tools=("delete_*",))\n')
    assert fixed.count("enforce_policy(") == 1
    assert "from toolargs.runtime import enforce_policy\n" in fixed
    assert "KNOWN_ARGS" not in fixed and "reject_unknown_args" not in fixed
    # One finding, TAV505, at the server, covers both tools.
    assert [(d.code, d.tool) for d in result.fixed] == [("TAV505", None)]
    assert result.remaining == ()
    assert fix_source(fixed, "notes.py", config).new_source == fixed


SDK2_FACTORY = '''\
from typing import Any

from mcp.server.lowlevel import Server
from mcp.types import CallToolRequestParams, ListToolsResult, Tool

READ_ONLY = {"readOnlyHint": True}
TOOLS = [
    Tool(name="delete_note", inputSchema={"properties": {"name": {}}}),
    Tool(
        name="count_notes", inputSchema={"properties": {"folder": {}}}, annotations=READ_ONLY
    ),
]


def create_server(store: Any) -> Server:
    async def on_list_tools(ctx, params) -> ListToolsResult:
        return ListToolsResult(tools=TOOLS)

''' + textwrap.indent(CALL_TOOL, "    ") + '''
    return Server("notes", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
'''


def test_a_low_level_server_a_factory_returns_is_wrapped_where_it_is_returned(
    tmp_path: Path,
) -> None:
    # `return Server(...)` binds no name to put the line after: the policy wraps the
    # server the factory returns (enforce_policy returns the server it is given), the
    # check then counts it as applied, and a second fix changes nothing.
    config = Config(mutation_tools=("delete_*",))
    path = tmp_path / "notes.py"
    path.write_text(SDK2_FACTORY)
    assert [d.code for d in analyze_source(SDK2_FACTORY, str(path), config).diagnostics] == [
        "TAV505"
    ]
    out = io.StringIO()
    fix_paths([path], config, roots=[tmp_path], out=out)
    fixed = path.read_text()
    assert (
        "    return enforce_policy(\n"
        '        Server("notes", on_list_tools=on_list_tools, on_call_tool=on_call_tool),\n'
        '        mutation_tools=("delete_*",),\n'
        "    )\n" in fixed
    ), fixed
    assert fixed.count("enforce_policy(") == 1
    assert analyze_source(fixed, str(path), config).diagnostics == ()
    assert fix_source(fixed, str(path), config).new_source == fixed


def test_sdk2_dispatcher_branches_use_the_local_name_of_the_arguments() -> None:
    # A project that applies the policy in each handler (policy-at = "handler"): each
    # branch gets its own edit, reading the dispatcher's local `arguments`.
    config = Config(mutation_tools=("delete_*",), policy_at="handler")
    source = SDK2_DISPATCHER.replace("\nserver = Server(\"notes\", on", "\napp = server = Server(\"notes\", on")
    result = fix_source(source, "notes.py", config)
    fixed = result.new_source
    assert "        reject_unknown_args(arguments, DELETE_NOTE_KNOWN_ARGS)\n" in fixed
    assert "        unknown = collect_unknown_args(arguments, COUNT_NOTES_KNOWN_ARGS)\n" in fixed
    assert "params.arguments," not in fixed
    assert sorted(d.code for d in result.fixed) == ["TAV101", "TAV201"]
    assert result.remaining == ()


SHARED_SIDE_EFFECT = '''\
from typing import Any

import git
from mcp.server.lowlevel import Server
from mcp.types import Tool

server = Server("git")


@server.list_tools()
async def list_tools():
    return [
        Tool(name="git_add", inputSchema={"properties": {"repo_path": {}, "files": {}}},
             annotations={"readOnlyHint": False}),
        Tool(name="git_status", inputSchema={"properties": {"repo_path": {}}},
             annotations={"readOnlyHint": True}),
    ]


def git_add(arguments: dict[str, Any]) -> dict[str, Any]:
    repo = git.Repo(arguments["repo_path"])
    repo.index.add(arguments["files"])
    return {"ok": True}


def git_status(arguments: dict[str, Any]) -> dict[str, Any]:
    repo = git.Repo(arguments["repo_path"])
    return {"status": repo.git.status()}


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    git.Repo(arguments["repo_path"]).git.fetch()
    if name == "git_add":
        return git_add(arguments)
    if name == "git_status":
        return git_status(arguments)
    raise ValueError(name)
'''


def test_a_fix_reverted_for_one_tool_still_fixes_the_others() -> None:
    # Rejecting first in git_add still comes after the dispatcher's fetch: that is TAV202,
    # not a fix. git_status, fixed in the same pass, keeps its fix. (The project applies
    # the policy in each handler: no enforce_policy line is added.)
    result = fix_source(SHARED_SIDE_EFFECT, "git_server.py", HANDLER_CONFIG)
    assert [(d.code, d.tool) for d in result.fixed] == [("TAV101", "git_status")]
    (left,) = result.remaining
    assert (left.code, left.tool) == ("TAV201", "git_add")
    assert "tried and reverted: it would bring TAV202" in (result.reason(left) or "")
    assert "reject_unknown_args" not in result.new_source


def test_enforce_policy_runs_before_the_dispatcher_so_one_line_fixes_what_an_edit_cannot() -> None:
    # enforce_policy wraps the call handler: git_add's unknown keys are refused before
    # the dispatcher's fetch, which no edit inside the branch could do.
    result = fix_source(SHARED_SIDE_EFFECT, "git_server.py", CONFIG)
    assert 'server = Server("git")\nenforce_policy(server)\n' in result.new_source
    assert [(d.code, d.tool) for d in result.fixed] == [("TAV505", None)]
    assert result.remaining == ()


EFFECT_MUTATION = '''\
from typing import Any

from mcp.server.lowlevel import Server
from mcp.types import Tool

server = Server("git")


@server.list_tools()
async def list_tools():
    return [
        Tool(name="git_add", inputSchema={"properties": {"repo_path": {}, "files": {}}}),
        Tool(name="status", inputSchema={"properties": {"repo_path": {}}}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    if name == "git_add":
        with open(arguments["repo_path"], "w") as handle:
            handle.write("\\n".join(arguments["files"]))
        return {"ok": True}
    if name == "status":
        return {"status": "clean"}
    raise ValueError(name)
'''


def test_enforce_policy_is_not_told_a_mode_only_the_checker_reads() -> None:
    # git_add is a mutation by its effect (it opens a file for writing); a running server
    # sees no annotation and no mutation verb and treats it as read-only. The checker's
    # reading of the handler is a judgement: fix writes the plain call and leaves the
    # annotation to a person (TAV404), instead of writing the judgement into the server.
    result = fix_source(EFFECT_MUTATION, "git_server.py", CONFIG)
    fixed = result.new_source
    assert "enforce_policy(server)\n" in fixed
    assert "from toolargs.runtime import enforce_policy\n" in fixed
    assert "mutation_tools" not in fixed
    assert [f.code for f in result.remaining] == ["TAV404"]
    assert fix_source(fixed, "git_server.py", CONFIG).new_source == fixed


def test_enforce_policy_is_told_the_modes_the_project_declares() -> None:
    # Declared in the project's configuration, which a running server never reads.
    config = dataclasses.replace(CONFIG, mutation_tools=(*CONFIG.mutation_tools, "git_add"))
    result = fix_source(EFFECT_MUTATION, "git_server.py", config)
    fixed = result.new_source
    assert "mutation_tools=(" in fixed and '"git_add"' in fixed
    assert result.remaining == ()
    assert fix_source(fixed, "git_server.py", config).new_source == fixed


CLASS_HELD = '''\
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server


class RobotServer:
    def __init__(self, robot: Any) -> None:
        self.robot = robot
        self.server = Server("robot")
        self._register()

    def _register(self) -> None:
        @self.server.list_tools()
        async def list_tools() -> list[types.Tool]:
            return [
                types.Tool(
                    name="get_pose",
                    inputSchema={"type": "object", "properties": {}},
                    annotations=types.ToolAnnotations(readOnlyHint=True),
                ),
                types.Tool(
                    name="move_arm",
                    inputSchema={"type": "object", "properties": {"x": {"type": "number"}}},
                ),
            ]

        @self.server.call_tool()
        async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
            if name == "get_pose":
                return [types.TextContent(type="text", text=str(self.robot.pose()))]
            if name == "move_arm":
                self.robot.move(arguments["x"])
                return [types.TextContent(type="text", text="ok")]
            raise ValueError(name)
'''


def test_a_server_held_in_an_attribute_gets_enforce_policy_after_it_is_built(
    tmp_path: Path,
) -> None:
    # `self.server = Server(...)` in __init__, its dispatcher registered in another
    # method: one finding at the construction, one line after it. The rewritten module is
    # what the package analysis reads while fix checks it, not the file on disk.
    path = tmp_path / "robot.py"
    path.write_text(CLASS_HELD)
    (finding,) = analyze_source(CLASS_HELD, str(path), CONFIG).diagnostics
    assert (finding.code, finding.line) == ("TAV505", 10)
    assert finding.message.endswith("apply toolargs.runtime.enforce_policy(self.server)")
    result = fix_source(CLASS_HELD, str(path), CONFIG)
    assert '        self.server = Server("robot")\n        enforce_policy(self.server)\n' in (
        result.new_source
    )
    assert [d.code for d in result.fixed] == ["TAV505"]
    assert result.remaining == ()
    path.write_text(result.new_source)
    assert fix_source(result.new_source, str(path), CONFIG).fixed == ()


def test_a_server_a_factory_builds_gets_enforce_policy_inside_the_factory() -> None:
    # `mcp = create_server()`, the server built as `root` and returned; `main()` may
    # call the factory again. The remedy names `root` in the factory, and fix puts the
    # line there, so that every server the factory builds has it.
    path = FIXTURES / "servers" / "factory_built_fastmcp.py"
    source = path.read_text()
    (finding,) = analyze_source(source, str(path), CONFIG).diagnostics
    assert (finding.code, finding.line) == ("TAV503", 8)
    assert "apply toolargs.runtime.enforce_policy(root) to its fastmcp server" in finding.message
    assert "'mcp' is built by create_server() as 'root'" in finding.message
    result = fix_source(source, str(path), CONFIG)
    assert "# expect: TAV503\n    enforce_policy(root)\n" in result.new_source
    assert [d.code for d in result.fixed] == ["TAV503"]
    assert fix_source(result.new_source, str(path), CONFIG).new_source == result.new_source
