"""A server built in one module, its tools registered in others (`from ..app import
mcp`): one server-level finding, at the construction, with one remedy right for every
tool of the server; flake8 reports it in the module that builds the server; `fix`
writes that one line there.
"""

from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

import pytest
from packages import write_package

from toolargs.analysis import analyze_source
from toolargs.cli import main
from toolargs.config import Config
from toolargs.fixer import fix_source

ROOT = Path(__file__).resolve().parent.parent
READING = ROOT / "fixtures" / "packages" / "reading_list"
# book_note (notes.py) is annotated a mutation: the running policy reads that itself.
REMEDY = "enforce_policy(mcp)"
COVERS = "its 3 read-only tool(s) ('search_books', 'get_book' and 'list_notes'"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def fixed_copy(
    capsys: pytest.CaptureFixture[str], source: Path, tmp_path: Path, changed: list[str]
) -> tuple[Path, dict[Path, str]]:
    """A copy of the package `source` after `toolargs fix`, which must succeed and change
    exactly the modules named `changed`; the copy and its modules' texts."""
    package = tmp_path / source.name
    shutil.copytree(source, package)
    before = {p: p.read_text() for p in package.rglob("*.py")}
    code, out = run(capsys, "fix", str(package))
    assert code == 0, out
    after = {p: p.read_text() for p in package.rglob("*.py")}
    assert [p.name for p in after if after[p] != before[p]] == changed
    return package, after


def test_check_reports_it_once_at_the_construction(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "check", "--format", "json", str(READING))
    assert code == 1
    findings = json.loads(out)
    assert [(Path(f["path"]).name, f["line"], f["code"]) for f in findings] == [
        ("app.py", 5, "TAV503")
    ]
    message = findings[0]["message"]
    assert COVERS in message and REMEDY in message
    code, text = run(capsys, "check", str(READING))
    assert code == 1 and text.count("TAV503") == 1 and REMEDY in text


def test_sarif_and_github_report_it_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "check", "--format", "sarif", str(READING))
    results = json.loads(out)["runs"][0]["results"]
    assert code == 1 and [r["ruleId"] for r in results] == ["TAV503"]
    uri = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri.endswith("app.py")
    code, out = run(capsys, "check", "--format", "github", str(READING))
    assert code == 1 and [line for line in out.splitlines() if "TAV503" in line] == [
        line for line in out.splitlines() if "app.py" in line and "TAV503" in line
    ]


def test_each_module_alone_as_flake8_sees_it() -> None:
    """The building module reports it over every tool; the tool modules do not."""
    reported = {}
    for path in sorted(READING.rglob("*.py")):
        report = analyze_source(path.read_text(), str(path), Config())
        reported[path.name] = [(d.line, d.code, d.message) for d in report.diagnostics]
    assert [(line, code) for line, code, _ in reported["app.py"]] == [(5, "TAV503")]
    assert COVERS in reported["app.py"][0][2] and REMEDY in reported["app.py"][0][2]
    assert reported["books.py"] == [] and reported["notes.py"] == []


def test_the_audit_still_shows_it_on_each_tool(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "audit", "--format", "json", str(READING))
    tools = {t["name"]: t["findings"] for t in json.loads(out)["tools"]}
    assert tools == {
        "search_books": ["TAV503"], "get_book": ["TAV503"], "list_notes": ["TAV503"],
        "book_note": [],
    }  # fmt: skip


def test_fix_writes_the_one_line_where_the_server_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package, after = fixed_copy(capsys, READING, tmp_path, changed=["app.py"])
    app = after[package / "app.py"]
    assert app.count("enforce_policy(") == 1 and REMEDY in app
    assert "from toolargs.runtime import enforce_policy\n" in app
    ast.parse(app)
    code, out = run(capsys, "fix", str(package))
    assert code == 0 and "fixed 0 findings in 0 files" in out
    assert {p: p.read_text() for p in package.rglob("*.py")} == after
    assert run(capsys, "check", str(package)) == (0, "")


def test_a_namespace_folder_inside_the_package_is_the_packages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `ops/` has no __init__.py: Python imports it as a namespace portion of the package
    # (`from .ops.tools import OpsTools`), and its tools are the server's, not unknown.
    package = tmp_path / "sapops"
    (package / "ops").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "server.py").write_text(
        "from mcp.server.mcpserver import MCPServer\n\n"
        "from .ops.tools import OpsTools\n\n"
        'mcp = MCPServer("sap-ops")\n'
        "OpsTools().register(mcp)\n",
        encoding="utf-8",
    )
    (package / "ops" / "tools.py").write_text(
        "class OpsTools:\n"
        "    def register(self, mcp):\n"
        '        mcp.tool(name="list_systems")(self.list_systems)\n'
        '        mcp.tool(name="get_system")(self.get_system)\n\n'
        "    async def list_systems(self) -> list[str]:\n"
        '        return ["PRD", "QAS"]\n\n'
        "    async def get_system(self, sid: str) -> dict[str, str]:\n"
        '        return {"sid": sid}\n',
        encoding="utf-8",
    )
    code, out = run(capsys, "check", "--format", "json", str(package))
    findings = json.loads(out)
    assert code == 1
    assert [(Path(f["path"]).name, f["code"]) for f in findings] == [("server.py", "TAV501")]
    assert "its 2 tool(s) ('list_systems' and 'get_system')" in findings[0]["message"]


STRICT = ROOT / "fixtures" / "clean" / "mcpserver_strict_extension.py"


def test_the_verdict_does_not_depend_on_how_files_are_shared_among_processes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The server is built in app.py's build_server() with an extension that rejects
    # unknown keys, and handed to a register function in each of six tool modules.
    # Whichever process judges a tool module, and whether it judged app.py first, each
    # tool's unknown keys are rejected by the extension. (A guard of the property: the
    # split that made a real server's verdicts differ, before 30053e2, depended on its
    # own files; this package gives the same verdicts on the code before that, too.)
    package = tmp_path / "depot"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    # The fixture's RefuseUnknownArguments, with the fixture's own server: its two tools
    # are rejected by the extension too.
    shutil.copy(STRICT, package / "strict.py")
    areas = ("bins", "crates", "docks", "lanes", "pallets", "racks")
    (package / "tools").mkdir()
    (package / "tools" / "__init__.py").write_text("", encoding="utf-8")
    (package / "app.py").write_text(
        "def build_server():\n"
        "    from mcp.server import MCPServer\n\n"
        "    from .strict import RefuseUnknownArguments\n\n"
        "    schemas: dict = {}\n"
        '    server = MCPServer("depot", extensions=[RefuseUnknownArguments(schemas)])\n'
        + "".join(
            f"    from .tools.{area} import register_{area}\n    register_{area}(server)\n"
            for area in areas
        )
        + "    return server\n",
        encoding="utf-8",
    )
    for area in areas:
        (package / "tools" / f"{area}.py").write_text(
            "from mcp.types import ToolAnnotations\n\n\n"
            f"def register_{area}(server):\n"
            "    @server.tool(annotations=ToolAnnotations(read_only_hint=True))\n"
            f"    def list_{area}(site: str) -> list[str]:\n"
            f'        return [site + "-{area}"]\n',
            encoding="utf-8",
        )
    verdicts = []
    for jobs in ("1", "2", "2"):
        code, out = run(capsys, "audit", "--jobs", jobs, "--format", "json", str(package))
        audit = json.loads(out)
        tools = audit["tools"] if isinstance(audit, dict) else audit
        verdicts.append(sorted((t["name"], t["unknown_keys"], t["handled_by"]) for t in tools))
    assert verdicts[0] == verdicts[1] == verdicts[2]
    assert {v[1:] for v in verdicts[0]} == {("rejected", "handler")}, verdicts[0]


def test_a_flat_layout_is_one_package_whichever_module_is_checked(tmp_path: Path) -> None:
    # server.py, main.py and the folders tools/ and utils/ (no __init__.py) side by side,
    # importing each other by absolute names; tests/ imports them but nothing imports it.
    from toolargs.discovery.flow_link import package_of

    files = {
        "server.py": "from mcp.server.mcpserver import MCPServer\n\nmcp = MCPServer('x')\n",
        "main.py": "import tools.hosts\nfrom server import mcp\n",
        "tools/hosts.py": "from utils.registering import host_tool\n",
        "utils/registering.py": "def host_tool(f):\n    from server import mcp\n    return f\n",
        "tests/test_hosts.py": "import tools.hosts\n",
        "docs/conf.py": "project = 'x'\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    scopes = {name: package_of(tmp_path / name) for name in files if "/" not in name
              or name.startswith(("tools/", "utils/"))}  # fmt: skip
    expected = sorted(
        (tmp_path / n).resolve()
        for n in ("main.py", "server.py", "tools/hosts.py", "utils/registering.py")
    )
    for name, (root, found) in scopes.items():
        assert root == tmp_path.resolve(), name
        assert found == expected, name


def test_an_installed_package_is_read_alone(tmp_path: Path) -> None:
    # In site-packages what sits beside a package is other distributions: the package
    # imports them (`import httpx`) but they are not its code.
    from toolargs.discovery.flow_link import package_of

    installed = tmp_path / "site-packages"
    (installed / "notes_mcp").mkdir(parents=True)
    (installed / "notes_mcp" / "__init__.py").write_text("")
    (installed / "notes_mcp" / "server.py").write_text("import httpx\nimport six\n")
    (installed / "httpx").mkdir()
    (installed / "httpx" / "__init__.py").write_text("")
    (installed / "six.py").write_text("")
    root, files = package_of(installed / "notes_mcp" / "server.py")
    assert root == installed.resolve()
    assert [f.name for f in files] == ["__init__.py", "server.py"]


MOUNTED = {
    "__init__.py": "",
    "server.py": (
        "from fastmcp import FastMCP\n\n"
        "from conductor.events import events\n"
        "from conductor.tasks import tasks\n\n"
        'mcp = FastMCP("conductor")\n'
        'mcp.mount(events, prefix="event")\n'
        'mcp.mount(tasks, prefix="task")\n'
    ),
    "events.py": (
        "from fastmcp import FastMCP\n"
        "from mcp.types import ToolAnnotations\n\n"
        'events = FastMCP("events")\n\n\n'
        "@events.tool(annotations=ToolAnnotations(readOnlyHint=True))\n"
        "def list_events(day: str) -> list[str]:\n"
        "    return []\n"
    ),
    "tasks.py": (
        "from fastmcp import FastMCP\n"
        "from mcp.types import ToolAnnotations\n\n"
        'tasks = FastMCP("tasks")\n\n\n'
        "@tasks.tool(annotations=ToolAnnotations(readOnlyHint=True))\n"
        "def find_tasks(query: str) -> list[str]:\n"
        "    return []\n"
    ),
}


def _mounted_package(tmp_path: Path) -> Path:
    package = tmp_path / "conductor"
    package.mkdir()
    for name, text in MOUNTED.items():
        (package / name).write_text(text)
    return package


def test_servers_mounted_into_another_are_enforced_through_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # fastmcp runs the parent's middleware for every tool mounted into it: one finding,
    # naming the parent, and one line there; the children need none of their own.
    package = _mounted_package(tmp_path)
    code, out = run(capsys, "check", str(package))
    (line,) = out.splitlines()
    assert "TAV503 fastmcp server 'mcp' rejects the unknown keys of its 2 read-only" in line
    assert "apply toolargs.runtime.enforce_policy(mcp) " in line
    assert "'event_list_events' and 'task_find_tasks'" in line
    code, out = run(capsys, "fix", str(package))
    assert code == 0, out
    server = (package / "server.py").read_text()
    assert 'mcp = FastMCP("conductor")\nenforce_policy(mcp)\n' in server
    assert "enforce_policy" not in (package / "events.py").read_text()
    assert "enforce_policy" not in (package / "tasks.py").read_text()
    code, out = run(capsys, "check", str(package))
    assert (code, out) == (0, "")


def test_servers_mounted_from_a_table_are_served_by_the_parent(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Sub-servers listed in a table and mounted in a loop by a helper: the mount is a
    # value flow the parent's module reports, with the sub-servers' writing tools in its
    # remedy; their own modules report nothing.
    package = write_package(tmp_path / "cloud", {
        "products/__init__.py": (
            "from . import dns, storage\n\n"
            "PRODUCTS = [(dns.server, \"dns\"), (storage.server, \"storage\")]\n"
        ),
        "products/dns.py": (
            "from fastmcp import FastMCP\n\n"
            "from ..client import api\n\n"
            "server = FastMCP(\"dns\")\n\n\n"
            "@server.tool()\n"
            "def zone_records(zone: str) -> list[str]:\n"
            "    return api.get(f\"/zones/{zone}\").json()\n\n\n"
            "@server.tool()\n"
            "def purge_zone(zone: str) -> None:\n"
            "    api.delete(f\"/zones/{zone}\")\n"
        ),
        "products/storage.py": (
            "from fastmcp import FastMCP\n\n"
            "from ..client import api\n\n"
            "server = FastMCP(\"storage\")\n\n\n"
            "@server.tool(annotations={\"readOnlyHint\": True})\n"
            "def bucket_usage(bucket: str) -> int:\n"
            "    return api.get(f\"/buckets/{bucket}\").json()[\"bytes\"]\n"
        ),
        "client.py": "import httpx\n\napi = httpx.Client(base_url=\"https://cloud.example\")\n",
        "server.py": (
            "from fastmcp import FastMCP\n\n"
            "from .products import PRODUCTS\n\n\n"
            "def mount_product(mcp: FastMCP, child: FastMCP, namespace: str) -> None:\n"
            "    mcp.mount(child, namespace=namespace)\n\n\n"
            "def build() -> FastMCP:\n"
            "    mcp = FastMCP(\"cloud\")\n"
            "    for child, namespace in PRODUCTS:\n"
            "        mount_product(mcp, child, namespace)\n"
            "    return mcp\n"
        ),
    })  # fmt: skip
    code, out = run(capsys, "check", "--format", "json", str(package))
    found = json.loads(out)
    assert {(Path(f["path"]).name, f["code"]) for f in found} == {
        ("server.py", "TAV404"), ("server.py", "TAV503")
    }, out
    undeclared = next(f for f in found if f["code"] == "TAV404")
    assert "'dns_purge_zone'" in undeclared["message"]
    assert "server 'mcp'" in undeclared["message"]


def test_a_low_level_server_held_in_an_attribute_is_fixed_where_it_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The class in server.py builds `self.server`; tools.py registers its handlers on
    # the server it is handed. One finding at the construction, one line after it.
    package = write_package(tmp_path / "memo", {
        "server.py": (
            "from mcp.server import Server\n\n"
            "from .tools import register_tools\n\n\n"
            "class MemoServer:\n"
            "    def __init__(self) -> None:\n"
            '        self.server = Server("memo")\n'
            "        self.notes: dict[str, str] = {}\n"
            "        register_tools(self.server, self.notes)\n"
        ),
        "tools.py": (
            "from typing import Any\n\n"
            "from mcp import types\n\n\n"
            "def register_tools(server: Any, notes: dict[str, str]) -> None:\n"
            "    @server.list_tools()\n"
            "    async def list_tools() -> list[types.Tool]:\n"
            "        return [\n"
            '            types.Tool(name="read_note", inputSchema={"type": "object"}),\n'
            '            types.Tool(name="save_note", inputSchema={"type": "object"}),\n'
            "        ]\n\n"
            "    @server.call_tool()\n"
            "    async def call_tool(name: str, arguments: dict[str, Any]) -> list[Any]:\n"
            '        if name == "read_note":\n'
            '            return [notes.get(arguments["key"], "")]\n'
            '        if name == "save_note":\n'
            '            notes[arguments["key"]] = arguments["text"]\n'
            "            return []\n"
            "        raise ValueError(name)\n"
        ),
    })  # fmt: skip
    code, out = run(capsys, "check", "--format", "json", str(package))
    found = [(Path(f["path"]).name, f["line"], f["code"]) for f in json.loads(out)]
    assert found == [("server.py", 8, "TAV505")], out
    code, out = run(capsys, "fix", str(package))
    assert code == 0, out
    server = (package / "server.py").read_text(encoding="utf-8")
    assert '        self.server = Server("memo")\n        enforce_policy(self.server)\n' in server
    assert (package / "tools.py").read_text(encoding="utf-8").count("enforce_policy") == 0
    assert run(capsys, "check", str(package)) == (0, "")


def test_a_rewrite_judged_in_memory_leaves_no_trace_in_a_later_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # `fix` judges app.py's rewritten text (enforce_policy added) without writing it; a
    # later audit in the same process, its files shared among two processes, reads the
    # file as it is on disk: the server is not enforced, whichever process judges a tool.
    app = READING / "app.py"
    rewritten = fix_source(app.read_text(encoding="utf-8"), str(app), Config())
    assert "enforce_policy(" in rewritten.new_source
    code, out = run(capsys, "audit", "--jobs", "2", "--format", "json", str(READING))
    tools = {t["name"]: t["findings"] for t in json.loads(out)["tools"]}
    assert tools == {
        "search_books": ["TAV503"], "get_book": ["TAV503"], "list_notes": ["TAV503"],
        "book_note": [],
    }  # fmt: skip


TRACKER = ROOT / "fixtures" / "packages" / "tracker_transports"


def test_a_register_function_handed_two_servers_is_reported_at_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`register_tools(http_mcp)` and `register_tools(stdio_mcp)`: each construction
    serves every tool, and each gets the one remedy, under its own name."""
    code, out = run(capsys, "check", "--format", "json", str(TRACKER))
    assert code == 1
    findings = json.loads(out)
    assert [(Path(f["path"]).name, f["line"], f["code"]) for f in findings] == [
        ("server.py", 9, "TAV503"), ("server.py", 15, "TAV503")
    ]  # fmt: skip
    for finding, name in zip(findings, ("http_mcp", "stdio_mcp")):
        assert f"fastmcp server '{name}' rejects the unknown keys of its 3 read-only" in (
            finding["message"]
        )
        assert f"enforce_policy({name})" in finding["message"]
    code, out = run(capsys, "audit", "--format", "json", str(TRACKER))
    tools = {t["name"]: t["findings"] for t in json.loads(out)["tools"]}
    assert tools == {
        "search_issues": ["TAV503"], "get_issue": ["TAV503"], "close_issue": [],
        "list_comments": ["TAV503"],
    }  # fmt: skip


def test_fix_writes_the_line_in_each_factory_and_the_tools_conform(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package, after = fixed_copy(capsys, TRACKER, tmp_path, changed=["server.py"])
    server = after[package / "server.py"]
    assert server.count("enforce_policy(") == 2
    assert "    enforce_policy(http_mcp)\n" in server
    assert "    enforce_policy(stdio_mcp)\n" in server
    ast.parse(server)
    code, out = run(capsys, "fix", str(package))
    assert code == 0 and "fixed 0 findings in 0 files" in out
    assert run(capsys, "check", str(package)) == (0, "")
    code, out = run(capsys, "audit", "--format", "json", str(package))
    assert code == 0 and all(t["conforms"] for t in json.loads(out)["tools"])


def test_a_register_function_is_enforced_only_when_every_server_it_is_handed_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = tmp_path / "tracker_transports"
    shutil.copytree(TRACKER, package)
    server = package / "server.py"
    line = "    register_tools(http_mcp)\n"
    text = server.read_text().replace(line, line + "    enforce_policy(http_mcp)\n")
    server.write_text("from toolargs.runtime import enforce_policy\n" + text)
    code, out = run(capsys, "check", "--format", "json", str(package))
    assert code == 1
    assert [(f["line"], f["code"]) for f in json.loads(out)] == [(17, "TAV503")]
    code, out = run(capsys, "audit", "--format", "json", str(package))
    tools = {t["name"]: t["findings"] for t in json.loads(out)["tools"]}
    assert tools["search_issues"] == ["TAV503"]


def test_a_sub_server_whose_tools_other_modules_register_is_served_by_its_parent(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`tools = FastMCP(...)` in `tools/server.py`, its tools registered in
    `tools/issues.py`, mounted into `mcp` by the package's `__init__`: the one finding is
    the parent's, and the sub-server's module reports none of its own."""
    package = write_package(tmp_path / "jira_bridge", {
        "__init__.py": (
            "from fastmcp import FastMCP\n\nfrom .tools import tools\n\n"
            'mcp = FastMCP("jira")\nmcp.mount(tools, namespace="jira")\n\n\n'
            "def main() -> None:\n    mcp.run()\n"
        ),
        "tools/__init__.py": "from . import issues\nfrom .server import tools\n",
        "tools/server.py": 'from fastmcp import FastMCP\n\ntools = FastMCP("Jira Tools")\n',
        "tools/issues.py": (
            "from .server import tools\n\n\n@tools.tool\n"
            "def get_issue(key: str) -> dict:\n    return {'key': key}\n\n\n@tools.tool\n"
            "def search_issues(jql: str, max_results: int = 20) -> list:\n    return []\n"
        ),
    })  # fmt: skip
    code, out = run(capsys, "check", "--format", "json", str(package))
    findings = json.loads(out)
    assert [(Path(f["path"]).name, f["code"]) for f in findings] == [("__init__.py", "TAV503")]
    assert "fastmcp server 'mcp' rejects the unknown keys of its 2 read-only" in (
        findings[0]["message"]
    )


def test_a_factory_building_a_project_subclass_of_the_server_gets_the_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`build_server()` returns `WorkspaceServer(name)`, a subclass of the SDK's MCPServer
    defined beside it; each service module builds its server with it and registers its
    tools through a shared decorator: the finding and the fix are in the factory."""
    package = write_package(tmp_path / "workspace", {
        "core/__init__.py": "",
        "core/server.py": (
            "from mcp.server.mcpserver import MCPServer\n\n\n"
            "class WorkspaceServer(MCPServer):\n    pass\n\n\n"
            "def build_server(name: str) -> MCPServer:\n"
            "    mcp = WorkspaceServer(name)\n    return mcp\n"
        ),
        "core/runtime.py": (
            "def register(mcp):\n    def deco(fn):\n        mcp.tool()(fn)\n"
            "        return fn\n    return deco\n"
        ),
        "mail.py": (
            "from .core.runtime import register\nfrom .core.server import build_server\n\n"
            'mcp = build_server("mail")\n\n\n@register(mcp)\n'
            "def list_messages(folder: str, max_results: int = 20) -> list:\n    return []\n\n\n"
            "def main() -> None:\n    mcp.run()\n"
        ),
    })  # fmt: skip
    code, out = run(capsys, "check", "--format", "json", str(package))
    found = [(Path(f["path"]).name, f["line"], f["code"]) for f in json.loads(out)]
    assert ("server.py", 9, "TAV501") in found
    code, out = run(capsys, "fix", str(package))
    assert code == 0, out
    server = (package / "core" / "server.py").read_text()
    assert "    mcp = WorkspaceServer(name)\n    enforce_policy(mcp)\n" in server
    assert run(capsys, "check", str(package)) == (0, "")


UNCALLED = {
    "server.py": (
        "from mcp.server.fastmcp import FastMCP\n\n"
        "from .quotes import register_quote_tools\n"
        "from .markets import register_market_tools\n\n"
        "mcp = FastMCP('dex')\n\n\n"
        "def main() -> None:\n"
        "    register_quote_tools(mcp)\n"
        "    # register_market_tools(mcp)\n"
        "    mcp.run()\n\n\n"
        "if __name__ == '__main__':\n    main()\n"
    ),
    "quotes.py": (
        "def register_quote_tools(mcp):\n"
        "    @mcp.tool()\n"
        "    def get_quote(pair: str) -> str:\n"
        "        \"\"\"A pair's price.\"\"\"\n        return pair\n"
    ),
    "markets.py": (
        "def register_market_tools(mcp):\n"
        "    @mcp.tool()\n"
        "    def top_gainers(chain: str) -> list[str]:\n"
        "        \"\"\"The day's top gainers.\"\"\"\n        return [chain]\n"
    ),
}


def test_a_register_function_nothing_calls_registers_nothing(tmp_path: Path) -> None:
    """`register_market_tools(mcp)` is imported but its call is commented out: its
    decorator never runs, so `top_gainers` is no tool; `get_quote`, registered by the
    function `main` calls, is. Named anywhere else in the package (a list of register
    functions, say), the function may be called, and its tools stay."""
    package = write_package(tmp_path / "dex", UNCALLED)
    report = analyze_source(
        (package / "markets.py").read_text(), str(package / "markets.py"), Config()
    )
    assert report.tools == ()
    report = analyze_source(
        (package / "quotes.py").read_text(), str(package / "quotes.py"), Config()
    )
    assert [t.name for t in report.tools] == ["get_quote"]
    named = dict(UNCALLED)
    named["server.py"] = named["server.py"].replace(
        "    # register_market_tools(mcp)\n",
        "    for register in (register_market_tools,):\n        register(mcp)\n",
    )
    package = write_package(tmp_path / "dex2", named)
    report = analyze_source(
        (package / "markets.py").read_text(), str(package / "markets.py"), Config()
    )
    assert [t.name for t in report.tools] == ["top_gainers"]


def test_a_register_function_called_under_an_alias_registers_its_tools(
    tmp_path: Path,
) -> None:
    """Each tool module defines `register_tools`, imported under another name in a
    function (`from .markets import register_tools as register_market_tools`, alone or in
    a parenthesised import) and called by that name: called, so its tools stay."""
    files = {
        "server.py": (
            "from mcp.server.fastmcp import FastMCP\n\n"
            "mcp = FastMCP('dex')\n\n\n"
            "def register_all(server):\n"
            "    from .markets import register_tools as register_market_tools\n"
            "    from .quotes import (\n"
            "        register as register_quote_tools,\n"
            "    )\n"
            "    register_market_tools(server)\n"
            "    register_quote_tools(server)\n\n\n"
            "register_all(mcp)\n\n\n"
            "if __name__ == '__main__':\n    mcp.run()\n"
        ),
        "quotes.py": UNCALLED["quotes.py"].replace("register_quote_tools", "register"),
        "markets.py": UNCALLED["markets.py"].replace("register_market_tools", "register_tools"),
    }
    package = write_package(tmp_path / "dex", files)
    for module, tool in (("markets.py", "top_gainers"), ("quotes.py", "get_quote")):
        report = analyze_source((package / module).read_text(), str(package / module), Config())
        assert [t.name for t in report.tools] == [tool]


UNBUILT = {
    "server.py": (
        "from mcp.server.fastmcp import FastMCP\n\n\n"
        "class MarkdownServer:\n"
        "    def __init__(self, name: str = 'md') -> None:\n"
        "        self.mcp = FastMCP(name)\n\n"
        "        @self.mcp.tool()\n"
        "        def get_section(heading: str) -> str:\n"
        "            \"\"\"One section of the document.\"\"\"\n"
        "            return heading\n\n\n"
        "server = MarkdownServer()\n\n\n"
        "if __name__ == '__main__':\n    server.mcp.run()\n"
    ),
    # the version it replaced, kept beside it under the same class name
    "legacy.py": (
        "from mcp.server.fastmcp import FastMCP\n\n\n"
        "class MarkdownServer:\n"
        "    def __init__(self) -> None:\n"
        "        self.mcp = FastMCP('md-legacy')\n\n"
        "        @self.mcp.tool()\n"
        "        def undo() -> str:\n"
        "            \"\"\"Undo the last edit.\"\"\"\n"
        "            return 'undone'\n\n\n"
        "if __name__ == '__main__':\n    MarkdownServer().mcp.run()\n"
    ),
    "enhanced.py": (
        "from .server import MarkdownServer\n\n\n"
        "class EnhancedServer(MarkdownServer):\n"
        "    def __init__(self) -> None:\n"
        "        super().__init__('enhanced')\n"
        "        self._setup_enhanced()\n\n"
        "    def _setup_enhanced(self) -> None:\n"
        "        @self.mcp.tool()\n"
        "        def get_document(document_path: str) -> str:\n"
        "            \"\"\"A document on disk.\"\"\"\n"
        "            return document_path\n"
    ),
}


def test_tools_of_a_class_nothing_builds_are_not_registered(tmp_path: Path) -> None:
    """`EnhancedServer` registers a tool on the server its base class builds, but nothing
    in the package builds an `EnhancedServer`: its decorator never runs, so `get_document`
    is no tool, and no TAV904 says the checker cannot tell what its server does with an
    unknown key (two classes of one name keep the server from being linked by name)."""
    package = write_package(tmp_path / "md", UNBUILT)
    report = analyze_source(
        (package / "enhanced.py").read_text(), str(package / "enhanced.py"), Config()
    )
    assert report.tools == ()
    assert not [d for d in report.diagnostics if d.code == "TAV904"]
    report = analyze_source(
        (package / "server.py").read_text(), str(package / "server.py"), Config()
    )
    assert [t.name for t in report.tools] == ["get_section"]


LOADED_BY_NAME = {
    "app.py": "from fastmcp import FastMCP\n\napp = FastMCP('desk')\n",
    "tools/__init__.py": (
        "from desk.app import app\n\n"
        "MODULES = [\n    'windows',\n    'mouse',\n]\n\n"
        "for module_name in MODULES:\n"
        "    __import__(f'{__name__}.{module_name}', fromlist=['*'])\n"
    ),
    "tools/windows.py": (
        "from desk.app import app\n\n\n"
        "@app.tool()\n"
        "def list_windows() -> list[str]:\n"
        "    \"\"\"The open windows.\"\"\"\n    return []\n"
    ),
    "tools/mouse.py": (
        "from desk.app import app\n\n\n"
        "@app.tool()\n"
        "def mouse_position() -> tuple[int, int]:\n"
        "    \"\"\"Where the pointer is.\"\"\"\n    return (0, 0)\n"
    ),
    # the tools of an earlier version, kept in the package but loaded by nothing
    "tools/archived/__init__.py": "",
    "tools/archived/window.py": (
        "from desk.app import app\n\n\n"
        "@app.tool()\n"
        "def close_window(title: str) -> str:\n"
        "    \"\"\"Close a window.\"\"\"\n    return title\n"
    ),
    "__main__.py": (
        "from desk.app import app\nimport desk.tools  # noqa: F401\n\n"
        "if __name__ == '__main__':\n    app.run()\n"
    ),
}


def test_modules_loaded_by_names_the_flow_reads_are_imported_and_the_rest_are_not(
    tmp_path: Path,
) -> None:
    """`tools/__init__.py` loads its modules by name (`__import__(f"{__name__}.{name}")`
    over a list of literals): the value flow reads those names, so `windows` and `mouse`
    are imported and register their tools, while `archived/window.py`, which no import
    and no computed name loads, registers nothing."""
    package = write_package(tmp_path / "desk", LOADED_BY_NAME)
    found = {}
    for module in ("tools/windows.py", "tools/mouse.py", "tools/archived/window.py"):
        report = analyze_source((package / module).read_text(), str(package / module), Config())
        found[module] = [t.name for t in report.tools]
    assert found == {
        "tools/windows.py": ["list_windows"],
        "tools/mouse.py": ["mouse_position"],
        "tools/archived/window.py": [],
    }


def test_a_docstring_line_that_reads_like_an_import_hides_no_call(tmp_path: Path) -> None:
    """A docstring line starting with `import (` is not a parenthesised import whose lines
    run on: the call of the register function after it still counts, so its tools stay."""
    files = dict(UNCALLED)
    files["server.py"] = files["server.py"].replace(
        "def main() -> None:\n"
        "    register_quote_tools(mcp)\n"
        "    # register_market_tools(mcp)\n",
        "def main() -> None:\n"
        "    \"\"\"Start the server.\n\n"
        "    import (the tools\n"
        "    \"\"\"\n"
        "    register_market_tools(mcp)\n"
        "    register_quote_tools(mcp)\n",
    )
    assert "    register_market_tools(mcp)\n" in files["server.py"]
    package = write_package(tmp_path / "dex", files)
    report = analyze_source(
        (package / "markets.py").read_text(), str(package / "markets.py"), Config()
    )
    assert [t.name for t in report.tools] == ["top_gainers"]


def test_a_package_under_namespace_folders_is_named_as_its_modules_import_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `src/acme/sim/mcp/` with no `__init__.py` in `acme/` or `sim/` (PEP 420 namespace
    # portions): its modules import each other as `acme.sim.mcp.…`, so that is what the
    # analysis names them, and the server built in one module is the tools' in another.
    package = tmp_path / "src" / "acme" / "sim" / "mcp"
    (package / "tools").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "tools" / "__init__.py").write_text("", encoding="utf-8")
    (package / "server.py").write_text(
        "from mcp.server.mcpserver import MCPServer\n\n"
        "from acme.sim.mcp.tools.runs import register\n\n"
        'mcp = MCPServer("sim")\n'
        "register(mcp)\n",
        encoding="utf-8",
    )
    (package / "tools" / "runs.py").write_text(
        "from acme.sim.mcp.tools.specs import SPECS\n\n\n"
        "def register(mcp):\n"
        "    for spec in SPECS:\n"
        "        _register_one(mcp, spec)\n\n\n"
        "def _register_one(mcp, spec):\n"
        "    impl = spec[\"impl\"]\n\n"
        "    async def guarded(**kwargs):\n"
        "        return impl(**kwargs)\n\n"
        "    mcp.tool(name=spec[\"name\"])(guarded)\n",
        encoding="utf-8",
    )
    (package / "tools" / "specs.py").write_text(
        "def list_runs() -> list[str]:\n"
        "    return [\"r1\"]\n\n\n"
        'SPECS = [{"name": "list_runs", "impl": list_runs}]\n',
        encoding="utf-8",
    )
    code, out = run(capsys, "check", "--format", "json", str(package))
    findings = json.loads(out)
    assert [(Path(f["path"]).name, f["code"]) for f in findings] == [("server.py", "TAV501")]
    assert "'list_runs'" in findings[0]["message"]
