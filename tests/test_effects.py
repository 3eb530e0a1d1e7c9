"""Effects: what a handler writes, the mode that follows, and TAV403.

Each case is a small server written to a temporary folder and analysed as the CLI would;
the assertions read the audit's mode and its evidence, never internals.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from toolargs.analysis import analyze_path
from toolargs.config import OPTIONS, Config
from toolargs.effects import analysis as effects_analysis
from toolargs.mode import Annotations, Effects, classify
from toolargs.model import ToolReport
from toolargs.output.sarif import check_sarif
from toolargs.policy import tool_mode

ROOT = Path(__file__).resolve().parent.parent
HEADER = """\
from mcp.server.fastmcp import FastMCP
from toolargs.runtime import enforce_policy

mcp = enforce_policy(FastMCP("demo"))
"""


def server(tmp_path: Path, body: str, name: str = "server.py", **others: str) -> Path:
    for other, text in others.items():
        (tmp_path / f"{other}.py").write_text(textwrap.dedent(text), encoding="utf-8")
    path = tmp_path / name
    path.write_text(HEADER + textwrap.dedent(body), encoding="utf-8")
    return path


def tools(path: Path, config: Config | None = None) -> dict[str, ToolReport]:
    report = analyze_path(path, config or Config())
    assert report.error is None
    return {tool.name: tool for tool in report.tools}


def codes(path: Path, config: Config | None = None) -> list[tuple[str, str | None]]:
    report = analyze_path(path, config or Config())
    return [(d.code, d.tool) for d in report.diagnostics]


# --- the issue's case ---


def test_delete_note_without_annotation_is_a_mutation_with_its_evidence() -> None:
    found = tools(ROOT / "fixtures" / "servers" / "notes_vault" / "server.py")
    delete = found["delete_note"]
    assert delete.mode == "mutation"
    assert delete.mode_source == (
        "effect: self._path(note_id).unlink() (store.py:27) via delete_note (server.py:45) -> "
        "NoteStore.delete"
    )
    assert found["read_note"].mode == "read-only"
    assert found["export_notes"].mode_source == "effects: none in the resolved call tree"
    assert found["sync_vault"].mode_source.startswith("effect: subprocess.run() (server.py:26)")


def test_delete_note_on_an_in_memory_store_is_a_mutation_by_its_name(tmp_path: Path) -> None:
    path = server(tmp_path, """
        NOTES: dict[str, str] = {}

        @mcp.tool()
        def delete_note(note_id: str) -> str:
            NOTES.pop(note_id)
            return "deleted"
    """)
    assert tools(path)["delete_note"].mode_source == "name verb 'delete'"
    # Run-time enforcement follows the same precedence: the note is never deleted.
    assert tool_mode("delete_note") == "mutation"


# --- the catalogue, one kind at a time ---


@pytest.mark.parametrize(
    ("body", "mode", "evidence"),
    [
        ("open(path, 'a').write('x')", "mutation", "open() (server.py:10), opens a file"),
        ("return open(path).read()", "read-only", "effects: none"),
        ("Path(path).write_text('x')", "mutation", "Path(path).write_text()"),
        ("return path.replace('a', 'b')", "read-only", "effects: none"),
        (
            "m = re.compile(r'(?P<a>\\w+)_').match(path.strip())\nauthor = m.group('a')\n"
            "if author:\n    author = author.replace('_', ' ').strip() or None\n"
            "return author",
            "read-only", "effects: none",
        ),
        ("os.replace(path, path + '.bak')", "mutation", "os.replace()"),
        ("shutil.rmtree(path)", "mutation", "shutil.rmtree()"),
        ("subprocess.run(['git', 'status'])", "read-only", "effects: none"),
        ("subprocess.run(['git', '-C', path, 'log'])", "read-only", "effects: none"),
        ("subprocess.run(['git', 'push'])", "mutation", "runs `git push`"),
        # programs asked where they live or what they see
        ("return subprocess.run(['npm', 'prefix', '-g']).stdout", "read-only", "effects: none"),
        ("return subprocess.run(['adb', 'devices']).stdout", "read-only", "effects: none"),
        ("subprocess.run(['npm', 'install', 'left-pad'])", "mutation", "runs `npm install"),
        ("subprocess.run(['make', 'deploy'])", "mutation", "runs `make deploy`"),
        ("os.system(path)", "mutation", "os.system()"),
        ("requests.delete(path)", "mutation", "requests.delete()"),
        ("return requests.get(path).json()", "read-only", "effects: none"),
        ("httpx.request('PUT', path)", "mutation", "HTTP PUT"),
        ("httpx.request('GET', path)", "read-only", "effects: none"),
        ("sqlite3.connect(DB).execute('DELETE FROM t')", "mutation", "SQL that writes"),
        ("return sqlite3.connect(DB).execute('SELECT 1').fetchall()", "read-only", "effects"),
        ("sqlite3.connect(DB).execute(path)", "mutation", "SQL from the arguments"),
        # a database named for an index the server derives from what it reads: its cache
        ("sqlite3.connect('search_index.sqlite3').execute('DELETE FROM t')", "read-only",
         "its cache"),
        ("sqlite3.connect('index_notes.db').execute('DELETE FROM t')", "mutation",
         "SQL that writes"),
        ("repo = Repo(path)\nrepo.index.commit('x')", "mutation", "repo.index.commit()"),
        ("return Repo(path).git.log('-3')", "read-only", "effects: none"),
        ("Repo(path).git.checkout('main')", "mutation", "Repo(path).git.checkout()"),
        # `git reflog` shows the reflog unless told to expire or delete entries
        ("repo = Repo(path)\nreturn repo.git.reflog()", "read-only", "effects: none"),
        ("repo = Repo(path)\nreturn repo.git.reflog('show', 'HEAD')", "read-only",
         "effects: none"),
        ("repo = Repo(path)\nrepo.git.reflog('expire', '--all')", "mutation",
         "repo.git.reflog()"),
        ("subprocess.run(['git', 'reflog', '-n', '20'])", "read-only", "effects: none"),
        ("subprocess.run(['git', 'reflog', 'delete', 'HEAD@{1}'])", "mutation",
         "runs `git reflog delete"),
        # a clone the server keeps in scratch space: pulling changes nothing the user owns,
        # pushing changes the remote wherever the clone lives
        ("repo = Repo(path)\nrepo.remotes.origin.pull()", "mutation", "origin.pull()"),
        # a file opened only to be locked: the server's lock file
        ("import fcntl\nwith Path(path).open('a+b') as gate:\n"
         "    fcntl.flock(gate.fileno(), fcntl.LOCK_EX)\nreturn 1",
         "read-only", "a lock file"),
        ("with Path(path).open('a+b') as out:\n    out.write(b'x')", "mutation", "open()"),
        # what a function named for a lock writes, wherever the caller keeps it
        ("_acquire_lock_file(Path(path))\nreturn 1", "read-only", "a lock file"),
        ("write_with_lock(Path(path))\nreturn 1", "mutation", "write_text()"),
        ("repo = Repo(Path('/var/cache/app') / path)\nrepo.remotes.origin.pull()",
         "read-only", "the server's own state (its cache)"),
        ("repo = Repo.clone_from(path, Path('/tmp/clones') / 'x')\nrepo.git.log()",
         "read-only", "effects: none"),
        ("repo = Repo.clone_from(path, '/tmp/clones/x')\nrepo.remotes.origin.push()",
         "mutation", "origin.push()"),
        ("api.delete_file(path)", "mutation", "api.delete_file()"),
        # the user's desktop: the clipboard, keys sent to the focused window
        ("import pyperclip\npyperclip.copy(path)", "mutation", "acts on the user's desktop"),
        ("import pyautogui\npyautogui.hotkey('ctrl', 'v')", "mutation", "pyautogui.hotkey()"),
        ("import pyperclip\nreturn pyperclip.paste()", "read-only", ""),
        # a window opened on the user's desktop (the default browser or viewer)
        ("import webbrowser\nwebbrowser.open(path)", "mutation", "webbrowser.open()"),
        # a download into the file the tool is given; into a temporary file; to memory
        ("api.download_file('report.pdf', path)", "mutation", "downloads to a local file"),
        ("api.download_file(path, tempfile.mkstemp()[1])", "read-only", ""),
        ("return api.download(path)", "read-only", ""),
        ("hits = []\nhits.append(path)\nreturn hits", "read-only", "effects: none"),
        ("import copy\nhits = [] if path is None else copy.deepcopy(path)\nhits.append(1)",
         "read-only", "effects: none"),
        ("hits = [] if path is None else path\nhits.append(1)", "mutation",
         "changes an object it got"),
        ("d = {}\nd.update(a=1)\nreturn d", "read-only", "effects: none"),
        # an SDK client's resource: its `update` sends the change (a PATCH), a dict's
        # would not; the checker cannot tell, so it is an uncertain write
        ("client = api.connect()\nreturn client.cycles.update(cycle_id=path, data={})",
         "mutation", "client.cycles.update() (server.py:11), changes an object it got"),
        ("settings = {}\nsettings.update(mode=path)\nreturn settings", "read-only",
         "effects: none"),
        ("session = api.connect()\nsession.history.append(path)\nreturn path", "read-only",
         "effects: none"),
        ("logger.info(path)", "read-only", "effects: none"),
        ("subprocess.run(['git', 'branch', '--list', '--format=%(refname)'])", "read-only",
         "effects: none"),
        ("subprocess.run(['git', 'config', '--get', 'remote.origin.url'])", "read-only",
         "effects: none"),
        ("subprocess.run(['git', 'config', 'user.name', path])", "mutation", "command from"),
        ("subprocess.run(['git', 'remote', 'get-url', 'origin'])", "read-only", "effects: none"),
        ("subprocess.run(['systemctl', 'is-active', path])", "read-only", "effects: none"),
        ("return subprocess.run(['findstr', 'TODO', path]).stdout", "read-only",
         "effects: none"),
        # a group, then an action of several words that names what it reads
        ("subprocess.run(['vijil', 'dome', 'detect-status', path])", "read-only",
         "effects: none"),
        ("subprocess.run(['vijil', 'policy', 'rule-list'])", "read-only", "effects: none"),
        ("subprocess.run(['vijil', 'policy', 'rule-delete', path])", "mutation",
         "command from the arguments"),
        ("subprocess.run(['vijil', 'eval', 'report', path])", "mutation",
         "command from the arguments"),
        ("subprocess.run(['trivy', 'scan', '--format', 'json', path])", "read-only",
         "effects: none"),
        ("return httpx.post('https://api.example/v1/chat/completions', json={'q': path})",
         "read-only", "default"),
        ("return httpx.post(f'{path}/models/gemini:generateContent', json={})", "read-only",
         "default"),
        ("httpx.post('https://api.example/v1/tickets', json={'q': path})", "mutation",
         "HTTP POST"),
        ("import urllib.request\nreq = urllib.request.Request(path, data=b'{}', method='DELETE')\n"
         "urllib.request.urlopen(req)", "mutation", "HTTP DELETE"),
        ("from urllib.request import Request, urlopen\nurlopen(Request(path, data=b'{}'))",
         "mutation", "HTTP POST"),
        ("from urllib.request import Request, urlopen\nreturn urlopen(Request(path)).read()",
         "read-only", ""),
        ("subprocess.run(['systemctl', 'restart', path])", "mutation", "command from"),
        ("subprocess.run(['journalctl', '-u', path, '-n', '50'])", "read-only", "effects: none"),
        ("subprocess.run(['journalctl', '--vacuum-size=1G'])", "mutation", "journalctl"),
        ("subprocess.run(['ip', 'addr', 'show'])", "read-only", "effects: none"),
        ("headers = kwargs.pop('headers', {})\nheaders.update({'Authorization': path})\n"
         "return headers", "read-only", ""),
        ("import anyio\nasync with anyio.create_task_group() as tg:\n    tg.start_soon(print)",
         "read-only", ""),
        ("subprocess.run(['wmic', 'process', 'where', \"name='chrome.exe'\", 'get', "
         "'commandline'])", "read-only", "effects: none"),
        ("subprocess.run(['wmic', 'process', 'where', \"name='x.exe'\", 'call', 'terminate'])",
         "mutation", "wmic"),
        ("subprocess.run(['gawk', '-F,', '{print $2}', path])", "read-only", "effects: none"),
        ("return httpx.post('https://example.com/v1/records:queryRecord', json={'u': path})",
         "read-only", "default"),
        ("return httpx.post('https://example.com/v1/records:batchDelete', json={'u': path})",
         "mutation", "HTTP POST"),
        ("fd = os.open(path, os.O_RDONLY | getattr(os, 'O_NONBLOCK', 0))\nos.close(fd)",
         "read-only", "effects: none"),
        ("fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)\nos.close(fd)", "mutation",
         "os.open()"),
        ("subprocess.run(['sort', '-u', path], capture_output=True)", "read-only",
         "effects: none"),
        ("subprocess.run(['sort', '--output=' + path, path])", "mutation", "command from"),
        ("subprocess.run(['sed', '-i', 's/a/b/', path])", "mutation", "command from"),
        ("subprocess.run(['ip', 'route', 'add', path])", "mutation", "command from"),
        ("import sympy\nreturn str(sympy.sympify(path) + sympy.Symbol('x'))", "read-only",
         "effects: none"),
        ("subprocess.run(['git', 'remote', 'add', 'up', path])", "mutation", "command from"),
        ("subprocess.run(['git', 'stash', 'list'])", "read-only", "effects: none"),
        ("session_ids: set[str] = set()\nsession_ids.add(path)\nreturn len(session_ids)",
         "read-only", "effects: none"),
        ("subprocess.run(['git', 'stash'])", "mutation", "runs `git stash`"),
        ("import fitz\nreturn fitz.open(path).page_count", "read-only", "effects: none"),
        ("import io\nfrom PIL import Image\nreturn Image.open(io.BytesIO(path)).size",
         "read-only", "effects: none"),
        ("import urllib.request\nopener = urllib.request.build_opener()\n"
         "req = urllib.request.Request(path)\nreturn opener.open(req, timeout=5).read()",
         "read-only", "default"),
        ("import fitz\nreturn fitz.open(path, 'w').page_count", "mutation", "opens a file"),
        ("errors, seen = [], set()\nerrors.append(path)\nseen.add(path)\nreturn errors",
         "read-only", "effects: none"),
        ("frame = pandas.read_csv(path)\nreturn frame.rename(columns={}).reset_index(drop=True)",
         "read-only", ""),
        ("frame = pandas.read_csv(path)\nlatest = frame.sort_values('date')\n"
         "return latest.drop_duplicates(subset=['firm'])", "read-only", ""),
        ("page.on('dialog', path.append)\npage.remove_listener('dialog', path.append)",
         "read-only", ""),
        ("buffer = io.BytesIO()\nimage.save(buffer, format='JPEG')\nreturn buffer.getvalue()",
         "read-only", ""),
        ("image.save(path, format='JPEG')", "mutation", "image.save()"),
        ("return redis.execute_command('SLOWLOG', 'GET', 10)", "read-only", "effects: none"),
        ("redis.execute_command('CONFIG', 'SET', 'maxmemory', path)", "mutation", "CONFIG SET"),
        ("redis.execute_command('DEL', path)", "mutation", "runs `DEL"),
        ("con = duckdb.connect(DB, read_only=True)\nreturn con.execute(path).fetchall()",
         "read-only", "effects: none"),
        ("con = duckdb.connect(DB)\nreturn con.execute(path).fetchall()", "mutation",
         "SQL from the arguments"),
        ("with sqlite3.connect('file:db?mode=ro', uri=True) as c:\n    c.execute(path)",
         "read-only", ""),
        # an API request sent by `execute()`: the resource's operation decides
        ("api.users().messages().trash(id=path).execute()", "mutation", "API request `trash`"),
        ("api.files().batchDelete(ids=[path]).execute()", "mutation", "`batchDelete`"),
        ("return api.events().list(calendarId=path).execute()", "read-only", "effects: none"),
        ("return db.table(path).select('*').execute()", "read-only", "effects: none"),
        ("return db.table('t').select('*').eq('id', path).execute()", "read-only", "default"),
    ],
)
def test_catalogue(tmp_path: Path, body: str, mode: str, evidence: str) -> None:
    indented = textwrap.indent(body, "    ")
    path = tmp_path / "server.py"
    path.write_text(
        "import duckdb, io, logging, os, re, shutil, sqlite3, subprocess, tempfile\n"
        "from pathlib import Path\nimport httpx, requests\nfrom git import Repo\n"
        "from mcp.server.fastmcp import FastMCP\n"
        "mcp = FastMCP('demo')\nlogger = logging.getLogger(__name__)\n"
        "@mcp.tool()\ndef handle(path: str):\n" + indented + "\n"
        "def _acquire_lock_file(root):\n    (root / 'owner').write_text('1')\n"
        "def write_with_lock(root):\n    (root / 'data').write_text('1')\n",
        encoding="utf-8",
    )
    tool = tools(path)["handle"]
    assert (tool.mode, evidence in tool.mode_source) == (mode, True), tool.mode_source


@pytest.mark.parametrize(
    "body",
    [
        "return os.path.abspath(os.path.dirname(path))",
        "return os.path.getsize(os.path.realpath(path)) > 0",
        "return os.path.relpath(path, os.path.basename(path))",
        "return str(Path.cwd() / Path.home().name / path)",
        "return os.path.join(tempfile.gettempdir(), path)",
        "return urllib.parse.urlunparse(urllib.parse.urlsplit(path))",
        "return str(ipaddress.ip_address(path))",
        "return datetime.datetime.strptime(path, '%Y').isoformat()",
        "obj = Namespace()\nsetattr(obj, 'path', path)\nreturn obj.path",
    ],
)
def test_standard_library_reads_leave_the_tree_resolved(tmp_path: Path, body: str) -> None:
    """Pure calls of the standard library: the tool is read-only by its effects, not by
    the default (`import urllib.parse` binds `urllib`: the call is `urllib.parse.x`)."""
    path = tmp_path / "server.py"
    path.write_text(
        "import datetime, ipaddress, os, tempfile\nimport urllib.parse\n"
        "from argparse import Namespace\nfrom pathlib import Path\n"
        "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('demo')\n"
        "@mcp.tool()\ndef handle(path: str):\n" + textwrap.indent(body, "    ") + "\n",
        encoding="utf-8",
    )
    tool = tools(path)["handle"]
    assert tool.mode_source == "effects: none in the resolved call tree"


def test_store_methods_named_like_string_and_path_methods(tmp_path: Path) -> None:
    """`replace` and `touch` on a cache client write; on text and paths they are
    `str.replace` and `Path.touch`; `put` on an `asyncio.Queue` is not an HTTP PUT."""
    found = tools(ROOT / "fixtures" / "effects" / "kv_cache.py")
    assert found["cache_replace"].mode_source == (
        "effect: client.replace() (kv_cache.py:64), changes an object it got"
    )
    # A client named `cache` is not a cache folder: the write is the store's.
    assert found["refresh_ttl"].mode_source == "effect: cache.touch() (kv_cache.py:82)"
    assert found["render_key"].mode_source == "effects: none in the resolved call tree"
    assert found["normalise_value"].mode_source == "effects: none in the resolved call tree"
    assert found["queue_status"].mode_source == "effects: none in the resolved call tree"
    assert found["requeue_jobs"].mode_source == "default"  # the pool's state changes
    assert found["publish_value"].mode_source == "effect: http.put() (kv_cache.py:118)"
    path = server(tmp_path, """
        from pathlib import Path

        @mcp.tool()
        def mark_seen(name: str) -> str:
            Path(name).with_suffix(".seen").touch()
            return name

        @mcp.tool()
        def swap_words(line: str) -> str:
            return line.upper().replace("A", "B", count=1)

        @mcp.tool()
        def swap_entry(store: KeyStore, key: str) -> str:
            store.replace(key, "x")
            return key
    """)
    found = tools(path)
    assert found["mark_seen"].mode_source.startswith("effect: Path(name).with_suffix(")
    assert found["swap_words"].mode_source == "effects: none in the resolved call tree"
    assert found["swap_entry"].mode_source.endswith("changes an object it got")


# --- precision ---


def test_a_command_built_by_a_helper_is_judged_at_each_call(tmp_path: Path) -> None:
    path = server(tmp_path, """
        import subprocess

        def git(*args: str) -> str:
            return subprocess.run(["git", *args], capture_output=True).stdout

        @mcp.tool()
        def history(count: int) -> str:
            return git("log", f"-{count}")

        @mcp.tool()
        def publish() -> str:
            return git("push", "origin")
    """)
    found = tools(path)
    assert found["history"].mode == "read-only"
    assert found["publish"].mode_source.endswith(
        "runs `git push origin` via publish (line 17) -> git"
    )


def test_sql_guarded_by_startswith_select_reads(tmp_path: Path) -> None:
    path = server(tmp_path, """
        import sqlite3

        def run(sql: str) -> list:
            return sqlite3.connect("db").execute(sql).fetchall()

        @mcp.tool()
        def select_rows(sql: str) -> list:
            if not sql.strip().upper().startswith("SELECT"):
                raise ValueError("SELECT only")
            return run(sql)

        @mcp.tool()
        def execute(sql: str) -> list:
            return run(sql)
    """)
    found = tools(path)
    assert found["select_rows"].mode == "read-only"
    assert found["execute"].mode == "mutation"


def test_an_uncertain_write_does_not_outweigh_a_read_name(tmp_path: Path) -> None:
    path = server(tmp_path, """
        import httpx

        @mcp.tool()
        async def search_pages(query: str) -> dict:
            async with httpx.AsyncClient() as client:
                return (await client.post("https://x/search", data={"q": query})).json()

        @mcp.tool()
        async def submit_form(text: str) -> dict:
            async with httpx.AsyncClient() as client:
                return (await client.post("https://x/forms", data={"t": text})).json()
    """)
    found = tools(path)
    assert (found["search_pages"].mode, found["search_pages"].mode_source) == (
        "read-only", "default"
    )
    assert found["submit_form"].mode_source.endswith("HTTP POST")


def test_explain_runs_its_statement_only_with_analyze() -> None:
    """An option list built at run time may hold ANALYZE, and SQL the caller sends is not
    vouched for by a name that says it explains."""
    found = tools(ROOT / "fixtures" / "effects" / "pg_explain.py")
    assert found["explain_query"].mode_source == (
        "effect: cursor.execute() (pg_explain.py:31), SQL from the arguments via "
        "explain_query (line 54) -> ExplainTool.explain (line 45) -> SqlDriver.execute_query"
    )
    assert found["show_query_plan"].mode == "mutation"  # `EXPLAIN {sql}`: options too
    assert found["explain_plan"].mode_source == "default"  # planned, never run


@pytest.mark.parametrize(
    ("sql", "reads"),
    [
        ("EXPLAIN SELECT 1", True),
        ("EXPLAIN ANALYZE DELETE FROM t", False),
        ("EXPLAIN ANALYZE SELECT 1", True),
        ("explain (format json, analyze) update t set a = 1", False),
        ("EXPLAIN (ANALYZE FALSE) DELETE FROM t", True),
        ("EXPLAIN QUERY PLAN DELETE FROM t", True),
    ],
)
def test_explain_literals(sql: str, reads: bool) -> None:
    assert effects_analysis._sql_reads((sql,)) is reads


def test_a_literal_argument_keeps_only_its_branch_of_the_callee() -> None:
    """`manage_session(action="list")` runs the "list" branch: the writes of "create",
    "set_profile" and "delete" are not its effects (if/elif, `in`, `match`, defaults)."""
    found = tools(ROOT / "fixtures" / "effects" / "session_actions.py")
    assert found["session_report"].mode_source == "effects: none in the resolved call tree"
    assert found["index_overview"].mode_source == "effects: none in the resolved call tree"
    assert found["session_doctor"].mode_source == (
        "effect: folder.mkdir() (session_actions.py:29) via session_doctor (line 51) -> "
        "manage_session"
    )
    assert found["rebuild_report"].mode == "mutation"


def test_a_literal_method_keeps_its_branch_through_a_case_folded_test(tmp_path: Path) -> None:
    """`_send("GET", ...)` into `if method.upper() == "GET": ... elif ... == "PUT"`: only
    the GET branch runs for it; the caller passing "post" in lower case takes POST's."""
    path = server(tmp_path, """
        import requests

        class Client:
            def __init__(self) -> None:
                self.session = requests.Session()

            def _send(self, method: str, uri: str, data: dict | None = None) -> dict:
                url = "https://tests.example.com/api/v2/" + uri
                if method.upper() == "GET":
                    response = self.session.get(url)
                elif method.upper() == "PUT":
                    response = self.session.put(url, json=data)
                elif "DELETE" == method.upper():
                    response = self.session.delete(url)
                else:
                    raise ValueError(method)
                return response.json()

        client = Client()

        @mcp.tool()
        def get_case(case_id: int) -> dict:
            return client._send("GET", f"get_case/{case_id}")

        @mcp.tool()
        def close_run(run_id: int) -> dict:
            return client._send("put", f"close_run/{run_id}")
    """)
    found = tools(path)
    assert found["get_case"].mode_source == "effects: none in the resolved call tree"
    assert found["close_run"].mode == "mutation"
    assert "self.session.put()" in found["close_run"].mode_source


def test_the_first_value_of_a_rewritten_query_is_followed(tmp_path: Path) -> None:
    """`sql, generic = await rewrite(query)`: the SQL run is the caller's."""
    path = server(tmp_path, """
        import sqlite3

        async def rewrite(query: str) -> tuple[str, bool]:
            return query.replace("$1", "?"), "$1" in query

        async def run(query: str) -> list:
            sql, _generic = await rewrite(query)
            return sqlite3.connect("db").execute(sql).fetchall()

        @mcp.tool()
        async def preview_rows(query: str) -> list:
            return await run(query)
    """)
    assert tools(path)["preview_rows"].mode_source == (
        "effect: sqlite3.connect(\"db\").execute() (server.py:13), SQL from the arguments "
        "via preview_rows (line 17) -> run"
    )


def test_a_request_method_is_http_only_when_it_says_so(tmp_path: Path) -> None:
    """`adapter.request(symbol, fetch)` (a project's own `request`) sends no HTTP method;
    `session.request(method, url)` sends the caller's, which a read name cannot vouch for."""
    path = server(tmp_path, """
        import requests

        class Quotes:
            def __init__(self, adapter) -> None:
                self.adapter = adapter

            def quote(self, symbol: str) -> dict:
                return self.adapter.request(symbol, lambda s: s.info, cache_key="info")

        quotes = Quotes(object())

        def call_api(method: str, url: str) -> dict:
            return requests.Session().request(method, url).json()

        @mcp.tool()
        def get_quote(symbol: str) -> dict:
            return quotes.quote(symbol)

        @mcp.tool()
        def fetch_endpoint(url: str, method: str = "GET") -> dict:
            return call_api(method, url)
    """)
    found = tools(path)
    assert found["get_quote"].mode_source == "default"
    assert found["fetch_endpoint"].mode_source.startswith("effect: requests.Session().request()")
    assert found["fetch_endpoint"].mode_source.endswith(
        "HTTP method from the arguments via fetch_endpoint (line 26) -> call_api"
    )


def test_a_method_keyword_naming_an_rpc_is_no_http_method(tmp_path: Path) -> None:
    """`bridge.batch(method="get_market_snapshot")` names a remote procedure, not an HTTP
    method: no network write is read from it (`request(method="POST")` still is one)."""
    path = server(tmp_path, """
        import httpx
        from stats_lib import correct
        from tdx_client import get_bridge

        bridge = get_bridge()

        @mcp.tool()
        async def market_snapshot(codes: list[str]) -> list[dict]:
            return await bridge.batch(method="get_market_snapshot", codes=codes)

        @mcp.tool()
        def ping_hook(url: str) -> int:
            return httpx.request(method="PUT", url=url).status_code

        @mcp.tool()
        def adjusted(pvalues: list[float], fdr: bool) -> list[float]:
            return correct(pvalues, method="fdr_bh" if fdr else "bonferroni")[1]

        @mcp.tool()
        def ping_either(url: str, replace: bool) -> int:
            return httpx.request(method="PUT" if replace else "POST", url=url).status_code
    """)
    found = tools(path)
    assert not found["market_snapshot"].mode_source.startswith("effect:")
    assert not found["adjusted"].mode_source.startswith("effect:")  # a choice of no HTTP
    assert found["ping_either"].mode_source.startswith("effect: httpx.request()")
    assert found["ping_hook"].mode_source.startswith("effect: httpx.request()")


def test_webdav_reads_are_reads_and_its_writes_writes(tmp_path: Path) -> None:
    """CardDAV and WebDAV read with PROPFIND and REPORT; MKCOL makes a folder."""
    path = server(tmp_path, """
        import httpx

        client = httpx.Client(base_url="https://contacts.example")

        @mcp.tool(annotations={"readOnlyHint": True})
        def list_address_books(user: str) -> str:
            return client.request("PROPFIND", f"/{user}/", headers={"Depth": "1"}).text

        @mcp.tool(annotations={"readOnlyHint": True})
        def find_contacts(user: str, query: str) -> str:
            return client.request("REPORT", f"/{user}/contacts/", content=query).text

        @mcp.tool()
        def make_address_book(user: str, name: str) -> str:
            return client.request("MKCOL", f"/{user}/{name}/").text
    """)
    assert [code for code, _ in codes(path) if code == "TAV403"] == []
    assert tools(path)["make_address_book"].mode_source.startswith("effect: client.request()")


def test_a_part_of_an_argument_object_is_the_callers(tmp_path: Path) -> None:
    """`args.method.upper()` is the HTTP method the caller sends: a name with a read
    verb does not outweigh it."""
    path = server(tmp_path, """
        from pydantic import BaseModel
        from opensearchpy import AsyncOpenSearch

        class ApiArgs(BaseModel):
            method: str = "GET"
            path: str

        @mcp.tool()
        async def search_api(args: ApiArgs) -> dict:
            method = args.method.upper()
            request = {"method": method, "url": args.path}
            async with AsyncOpenSearch() as client:
                return await client.transport.perform_request(**request)
    """)
    assert tools(path)["search_api"].mode_source == (
        "effect: client.transport.perform_request() (server.py:18), HTTP method from the "
        "arguments"
    )


def test_a_project_function_named_like_a_library_helper_is_the_projects(
    tmp_path: Path,
) -> None:
    """`create_task` is asyncio's scheduling helper by name; imported from the project's
    own module, where a dynamic import hides its body, it is a write by its verb."""
    (tmp_path / "desk").mkdir()
    (tmp_path / "desk" / "__init__.py").write_text("")
    (tmp_path / "desk" / "tasks.py").write_text(textwrap.dedent("""
        import importlib

        _impl = importlib.import_module(".backend", __package__)
        create_task = _impl.create_task
    """))
    (tmp_path / "desk" / "server.py").write_text(textwrap.dedent("""
        import asyncio

        from mcp.server.fastmcp import FastMCP

        from .tasks import create_task

        mcp = FastMCP("desk")


        @mcp.tool()
        async def new_task(title: str) -> str:
            return await create_task(title)


        @mcp.tool()
        async def ping() -> str:
            asyncio.create_task(asyncio.sleep(0))
            return "pong"
    """))
    found = tools(tmp_path / "desk" / "server.py")
    assert found["new_task"].mode == "mutation"
    assert found["ping"].mode == "read-only"


def test_a_method_of_a_project_class_named_like_a_library_helper_is_followed(
    tmp_path: Path,
) -> None:
    """`create_model` is pydantic's model factory by name; a method of the project's own
    API client of that name is the project's, and what it sends decides."""
    path = server(tmp_path, """
        import requests


        class Client:
            def __init__(self, base_url: str) -> None:
                self.base_url = base_url
                self.session = requests.Session()

            def _request(self, method: str, endpoint: str, **kwargs):
                return self.session.request(method, self.base_url + endpoint, **kwargs).json()

            def create_model(self, name: str, kind: str) -> dict:
                return self._request("POST", "/models", json={"name": name, "type": kind})


        client = Client("https://models.example.com")


        @mcp.tool()
        def register_model(name: str, kind: str) -> dict:
            return client.create_model(name, kind)


        @mcp.tool()
        def model_schema(name: str) -> dict:
            from pydantic import create_model

            return create_model(name, value=(int, 0)).model_json_schema()
    """)
    found = tools(path)
    assert found["register_model"].mode == "mutation"
    assert "HTTP POST" in found["register_model"].mode_source
    assert found["model_schema"].mode == "read-only"


def test_a_method_of_an_interface_that_only_raises_is_not_the_tools_body(
    tmp_path: Path,
) -> None:
    """Tools bound to an adapter typed with its base class: the base's methods only raise
    (each subclass drives its own instrument), so what the call does is not seen there
    and the method's name speaks. A helper of the class's own that raises is an error
    path: the tool that calls it still reads."""
    path = server(tmp_path, """
        class Unavailable(NotImplementedError):
            pass


        class Adapter:
            def _require(self, feature: str) -> None:
                if feature not in self.features:
                    raise Unavailable(feature)

            def set_brightness(self, value: float) -> dict:
                self._require("optics")
                raise Unavailable("set_brightness")

            def _fail(self, message: str) -> dict:
                raise ValueError(message)

            def stage_position(self) -> dict:
                if not self.features:
                    return self._fail("no stage")
                return {"x": 0}


        def register(adapter: Adapter) -> None:
            @mcp.tool()
            def set_brightness(value: float) -> dict:
                return adapter.set_brightness(value)

            @mcp.tool()
            def stage_position() -> dict:
                return adapter.stage_position()


        register(Adapter())
    """)
    found = tools(path)
    assert found["set_brightness"].mode == "mutation"
    assert "by its name" in found["set_brightness"].mode_source
    assert found["stage_position"].mode == "read-only"
    assert found["stage_position"].mode_source.startswith("effects: none")


def test_a_browser_opened_to_sign_the_server_in_is_its_credentials(tmp_path: Path) -> None:
    """A client helper that opens the browser on the provider's login page when no session
    is saved: the server signing itself in, under every tool that needs the client; a
    tool that opens a page the caller names acts on the desktop."""
    path = server(tmp_path, """
        import webbrowser

        _session = None


        def trigger_auth_flow() -> None:
            webbrowser.open("http://localhost:8765/login")


        def _client():
            if _session is None:
                trigger_auth_flow()
            return _session


        @mcp.tool()
        def account_balances() -> dict:
            return _client().balances()


        @mcp.tool()
        def show_page(url: str) -> str:
            webbrowser.open(url)
            return "opened"
    """)
    found = tools(path)
    assert found["account_balances"].mode == "read-only"
    assert "credentials" in found["account_balances"].mode_source
    assert found["show_page"].mode == "mutation"


def test_an_object_taken_from_a_context_is_not_data_made_here(tmp_path: Path) -> None:
    """A connection the lifespan keeps, taken out of its context by key: `set` on it is a
    store's write, and `clear` on it is something the checker cannot read, so the name
    decides; a list the handler subscripts out of its own rows is still its data."""
    path = server(tmp_path, """
        from mcp.server.fastmcp import Context


        @mcp.tool()
        def save_global(ctx: Context, name: str, value: str) -> str:
            db = ctx.request_context.lifespan_context["db"]
            db.set(value, name)
            return "saved"


        @mcp.tool()
        def wipe_model(ctx: Context) -> str:
            model = ctx.request_context.lifespan_context["model"]
            model.clear()
            return "wiped"


        @mcp.tool()
        def first_tags(rows: list[list[str]]) -> list[str]:
            tags = rows[0]
            tags.sort()
            return tags
    """)
    found = tools(path)
    assert found["save_global"].mode == "mutation"
    assert "db.set()" in found["save_global"].mode_source
    assert found["wipe_model"].mode_source == "name verb 'wipe'"
    assert found["first_tags"].mode_source.startswith("effects: none")


def test_a_scratch_folder_bound_to_none_first_is_still_scratch(tmp_path: Path) -> None:
    """`local_dir = None`, then a `tempfile.mkdtemp()` in the `try` whose `finally`
    removes it: the None is the name's state before the folder exists, not a place, and
    what the tool writes and removes there is scratch space."""
    path = server(tmp_path, """
        import shutil
        import tempfile
        from pathlib import Path


        @mcp.tool()
        def screenshot(view: str) -> bytes:
            local_dir = None
            try:
                local_dir = tempfile.mkdtemp(prefix="shot_")
                image = Path(local_dir) / f"{view}.png"
                image.write_bytes(b"")
                return image.read_bytes()
            finally:
                if local_dir is not None:
                    shutil.rmtree(local_dir, ignore_errors=True)
    """)
    assert tools(path)["screenshot"].mode_source == "default"


def test_writes_that_set_up_an_object_or_keep_counts_are_the_servers_own(
    tmp_path: Path,
) -> None:
    """A constructor migrating its database, and a hit counter kept by a helper named for
    it under a tool named as a read, are the server's upkeep: shown, not counted. The same
    helper under a tool whose name does not say it reads still counts, and so does what a
    constructor writes where the tool's arguments say."""
    path = server(tmp_path, """
        import sqlite3
        from pathlib import Path

        class Store:
            def __init__(self, path: str = "notes.db") -> None:
                self.connection = sqlite3.connect(path)
                self.connection.execute("DELETE FROM pending_migrations")

            def notes(self) -> list[str]:
                return [r[0] for r in self.connection.execute("SELECT body FROM notes")]

        class Export:
            def __init__(self, target: str) -> None:
                Path(target).write_text("")

        def record_hit(term: str) -> None:
            sqlite3.connect("hits.db").execute("UPDATE hits SET n = n + 1")

        @mcp.tool()
        def list_notes() -> list[str]:
            return Store().notes()

        @mcp.tool()
        def search_notes(term: str) -> list[str]:
            record_hit(term)
            return [n for n in Store().notes() if term in n]

        @mcp.tool()
        def tally(term: str) -> None:
            record_hit(term)

        @mcp.tool()
        def begin_export(target: str) -> None:
            Export(target)
    """)
    found = tools(path)
    assert found["list_notes"].mode == "read-only"
    assert "set-up of an object it uses" in found["list_notes"].mode_source
    assert "Store.__init__" in found["list_notes"].mode_source
    assert found["search_notes"].mode == "read-only"
    assert "record_hit" in found["search_notes"].mode_source
    assert found["tally"].mode == "mutation"
    assert found["begin_export"].mode == "mutation"


def test_an_index_brought_up_to_date_before_a_read_is_the_servers_own(
    tmp_path: Path,
) -> None:
    """A memory server keeps its notes as files and a SQLite index derived from them;
    the read tools bring the index up to date first (`Store.sync` -> `Store._index`).
    Under a tool named as a read that is its own cache's upkeep: shown, not counted.
    Under a tool named for changing the notes, the same write counts."""
    path = server(tmp_path, """
        import os
        import sqlite3

        class Store:
            def __init__(self, home: str) -> None:
                self.root = os.path.join(home, "notes")
                self.db = sqlite3.connect(os.path.join(home, "index.sqlite3"))

            def sync(self) -> None:
                for name in sorted(os.listdir(self.root)):
                    with open(os.path.join(self.root, name), encoding="utf-8") as f:
                        self._index(name, f.read())

            def _index(self, name: str, body: str) -> None:
                self.db.execute("INSERT OR REPLACE INTO notes VALUES (?, ?)", (name, body))

            def search(self, term: str) -> list[str]:
                rows = self.db.execute("SELECT name FROM notes WHERE body LIKE ?", (term,))
                return [r[0] for r in rows]

        STORE = Store(os.path.expanduser("~/.notes-mcp"))

        @mcp.tool()
        def recall_notes(term: str) -> list[str]:
            STORE.sync()
            return STORE.search(term)

        @mcp.tool()
        def store_note(name: str, body: str) -> None:
            STORE._index(name, body)
    """)
    found = tools(path)
    assert found["recall_notes"].mode == "read-only", found["recall_notes"].mode_source
    assert "its cache" in found["recall_notes"].mode_source
    assert found["store_note"].mode == "mutation"


def test_a_list_a_helper_makes_and_hands_back_beside_its_data_is_the_callers(
    tmp_path: Path,
) -> None:
    """`quote, warnings = fetch_quote(code)` where the helper returns `data, warnings`
    and `warnings = []` is its own: appending to it changes nothing the tool got. What a
    helper hands back of the server's state (`return data, HISTORY`) is not the caller's."""
    path = server(tmp_path, """
        HISTORY: list[str] = []

        def fetch_quote(code: str) -> tuple[dict, list[str]]:
            warnings = []
            if not code.isdigit():
                warnings.append("not a listed code")
            return {"code": code}, warnings

        def last_quote(code: str) -> tuple[dict, list[str]]:
            return {"code": code}, HISTORY

        @mcp.tool()
        def quote(code: str) -> dict:
            data, warnings = fetch_quote(code)
            if not data:
                warnings.append("no data")
            return {"data": data, "warnings": warnings}

        @mcp.tool()
        def remember_quote(code: str) -> dict:
            data, seen = last_quote(code)
            seen.append(code)
            return data
    """)
    found = tools(path)
    assert found["quote"].mode == "read-only", found["quote"].mode_source
    assert "changes an object it got" not in found["quote"].mode_source
    assert "seen.append()" in found["remember_quote"].mode_source


def test_what_a_helper_named_for_scratch_space_writes_is_scratch(tmp_path: Path) -> None:
    """`with _scratch(session.root) as work:` makes a folder inside the session the tool
    is given and removes it however the call ends: not a write. The same `mkdir` in a
    helper not named for scratch space is one."""
    path = server(tmp_path, """
        import secrets
        import shutil
        from contextlib import contextmanager
        from pathlib import Path

        @contextmanager
        def _scratch(root: Path):
            path = root / f"work-{secrets.token_hex(8)}"
            try:
                path.mkdir()
                yield path
            finally:
                shutil.rmtree(path, ignore_errors=True)

        def _workspace(root: Path) -> Path:
            path = root / "work"
            path.mkdir()
            return path

        @mcp.tool(annotations={"readOnlyHint": True})
        def preview_edits(session: str) -> str:
            with _scratch(Path(session)) as work:
                return str(work)

        @mcp.tool(annotations={"readOnlyHint": True})
        def open_workspace(session: str) -> str:
            return str(_workspace(Path(session)))
    """)
    assert ("TAV403", "preview_edits") not in codes(path)
    assert ("TAV403", "open_workspace") in codes(path)
    # a helper named for a temporary file that replaces the file it is given writes it
    atomic = server(tmp_path, """
        import os
        import tempfile

        def _write_via_tempfile(path: str, text: str) -> None:
            fd, temp = tempfile.mkstemp(dir=os.path.dirname(path))
            with os.fdopen(fd, "w") as out:
                out.write(text)
            os.replace(temp, path)

        @mcp.tool(annotations={"readOnlyHint": True})
        def save_summary(path: str, text: str) -> str:
            _write_via_tempfile(path, text)
            return path
    """, name="atomic.py")
    assert ("TAV403", "save_summary") in codes(atomic)


def test_token_requests_expiry_and_cleanup_are_the_servers_own(tmp_path: Path) -> None:
    """A POST made by a function named for obtaining tokens, a file removed by a helper
    that lets entries expire under a tool named as a read, and a file removed by a
    helper named for cleaning up: shown, not counted. The same deletion under a tool
    named for deleting, and a POST by a function not named for credentials, count."""
    path = server(tmp_path, """
        import os
        import time
        from pathlib import Path

        import httpx

        RUNS = Path.home() / "runs"
        API = os.environ.get("RECORDS_API", "https://records.example.com")

        def request_tokens(base: str, payload: dict) -> str:
            return httpx.post(base + "/oauth/token", data=payload).json()["access_token"]

        def send_invite(base: str, payload: dict) -> None:
            httpx.post(base + "/invites", data=payload)

        def _prune_expired() -> None:
            for entry in RUNS.glob("*.json"):
                if entry.stat().st_mtime < time.time() - 3600:
                    os.remove(entry)

        def cleanup_files(*paths: Path) -> None:
            for each in paths:
                each.unlink()

        @mcp.tool()
        def export_records(day: str) -> list[str]:
            token = request_tokens(API, {"grant_type": "refresh_token"})
            return httpx.get(API + "/records/" + day, headers={"Authorization": token}).json()

        @mcp.tool()
        def invite(team: str) -> None:
            send_invite(API, {"team": team})

        @mcp.tool()
        def list_runs() -> list[str]:
            _prune_expired()
            return [p.name for p in RUNS.glob("*.json")]

        @mcp.tool()
        def transcribe(url: str) -> str:
            downloaded = [RUNS / "audio.mp3"]
            text = httpx.get(url).text
            cleanup_files(*downloaded)
            return text

        @mcp.tool()
        def delete_downloads() -> None:
            cleanup_files(RUNS / "audio.mp3")
    """)
    found = tools(path)
    assert found["export_records"].mode == "read-only"
    assert "(credentials)" in found["export_records"].mode_source
    assert found["invite"].mode == "mutation"
    assert found["list_runs"].mode == "read-only"
    assert "the expiry of entries it keeps" in found["list_runs"].mode_source
    assert found["transcribe"].mode == "read-only"
    assert "temporary files it cleans up" in found["transcribe"].mode_source
    assert found["delete_downloads"].mode == "mutation"


def test_a_helper_named_for_a_cache_keeps_the_servers_cache_under_any_tool(
    tmp_path: Path,
) -> None:
    """`today -> _refresh -> replace_tasklist_cache`: the cache the server keeps, though
    `today` is not named as a read; a tool named for the cache still counts it."""
    path = server(tmp_path, """
        import sqlite3

        def replace_tasklist_cache(rows: list[tuple[str, str]]) -> None:
            with sqlite3.connect("state.db") as conn:
                conn.execute("DELETE FROM tasklist_cache")
                conn.executemany("INSERT INTO tasklist_cache VALUES (?, ?)", rows)

        def _refresh() -> None:
            replace_tasklist_cache([("1", "Inbox")])

        @mcp.tool()
        def today() -> list[str]:
            _refresh()
            return []

        @mcp.tool()
        def rebuild_cache() -> None:
            _refresh()
    """)
    found = tools(path)
    assert found["today"].mode == "read-only"
    assert "(its cache)" in found["today"].mode_source
    assert found["rebuild_cache"].mode == "mutation"


def test_helpers_that_log_in_or_pace_calls_keep_the_servers_own_state(tmp_path: Path) -> None:
    """A saved login token and a circuit breaker's counts, reached through helpers named
    for them, are the server's own under any tool; a tool named for them counts them."""
    path = server(tmp_path, """
        import json
        import sqlite3
        from pathlib import Path

        STATE = Path.home() / ".kw"

        def _authenticate_locked() -> str:
            (STATE / "session.json").write_text(json.dumps({"token": "t"}))
            return "t"

        def check_circuit(service: str) -> None:
            with sqlite3.connect(str(STATE / "coordination.db")) as conn:
                conn.execute("UPDATE circuits SET calls = calls + 1 WHERE service = ?", (service,))

        @mcp.tool(annotations={"readOnlyHint": True})
        def discover_projects(query: str) -> list[str]:
            _authenticate_locked()
            check_circuit("projects")
            return []

        @mcp.tool()
        def login() -> str:
            return _authenticate_locked()
    """)
    found = tools(path)
    assert "TAV403" not in found["discover_projects"].findings
    assert found["login"].mode == "mutation"


def test_scratch_files_are_not_effects(tmp_path: Path) -> None:
    path = server(tmp_path, """
        import json
        from pathlib import Path

        CACHE_DIR = Path.home() / ".cache" / "demo"

        @mcp.tool()
        def lookup(key: str) -> str:
            value = key.upper()
            (CACHE_DIR / key).write_text(value)
            return value
    """)
    assert tools(path)["lookup"].mode == "read-only"


def test_effects_are_followed_across_modules_and_methods(tmp_path: Path) -> None:
    path = server(
        tmp_path,
        """
        from store import Store

        store = Store()

        @mcp.tool()
        def drop_all() -> str:
            store.clear_everything()
            return "ok"
        """,
        store="""
        import shutil

        class Base:
            def _wipe(self) -> None:
                shutil.rmtree(self.root)

        class Store(Base):
            root = "data"

            def clear_everything(self) -> None:
                self._wipe()
        """,
    )
    assert tools(path)["drop_all"].mode_source == (
        "effect: shutil.rmtree() (store.py:6) via drop_all (server.py:12) -> "
        "Store.clear_everything (line 12) -> Base._wipe"
    )


def test_cycles_end_and_each_function_is_analysed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = server(tmp_path, """
        import os

        def ping(n: int) -> None:
            if n:
                pong(n - 1)

        def pong(n: int) -> None:
            ping(n)
            os.remove("x")

        @mcp.tool()
        def first() -> None:
            ping(3)

        @mcp.tool()
        def second() -> None:
            pong(3)
    """)
    runs: list[str] = []
    original = effects_analysis._Scan.run

    def counting(self: effects_analysis._Scan) -> None:
        runs.append(self.function.label)
        original(self)

    monkeypatch.setattr(effects_analysis._Scan, "run", counting)
    found = tools(path)
    assert found["first"].mode == found["second"].mode == "mutation"
    assert sorted(runs) == ["first", "ping", "pong", "second"]


# --- scratch space the tool manages, followed through the path's value ---


SCRATCH_PREAMBLE = """\
import glob, os, shutil, tempfile, time
from pathlib import Path
import platformdirs
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations
mcp = FastMCP('demo')
CACHE_DIR = Path.home() / '.cache' / 'demo'
APP_STATE = Path(platformdirs.user_cache_dir('demo'))
XDG = Path(os.environ.get('XDG_CACHE_HOME', '~/.cache')) / 'demo'
NOTES = Path.home() / 'notes'
@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
def handle(path: str):
"""


@pytest.mark.parametrize(
    ("body", "writes"),
    [
        # deletion sweeps of expired files in the server's own cache
        ("for entry in CACHE_DIR.iterdir():\n"
         "    if entry.stat().st_mtime < time.time() - 60:\n        entry.unlink()", None),
        ("for name in glob.glob(os.path.join(CACHE_DIR, '*.json')):\n    os.remove(name)",
         None),
        ("for root, _, files in os.walk(APP_STATE):\n    for f in files:\n"
         "        os.remove(os.path.join(root, f))", None),
        ("for old in sorted(XDG.glob('*'))[:-5]:\n    shutil.rmtree(old)", None),
        # roots: tempfile, platformdirs, XDG_CACHE_HOME, gettempdir, a name saying it
        ("fd, name = tempfile.mkstemp()\nos.write(fd, b'x')\nos.remove(name)", None),
        ("target = APP_STATE / path\ntarget.write_text('x')", None),
        ("(XDG / path).write_text('x')", None),
        ("p = os.path.join(tempfile.gettempdir(), path)\nopen(p, 'w').write('x')", None),
        ("shutil.copy(path, CACHE_DIR / 'copy')", None),
        # a temporary file's name, the name bound again to the file opened from it
        ("with tempfile.NamedTemporaryFile(delete=False) as f:\n    name = f.name\n"
         "with open(name, 'rb') as f:\n    f.read()\nos.unlink(name)", None),
        # the user's files: still writes
        ("with open(path) as f:\n    name = f.name\nos.unlink(name)", "os.unlink()"),
        ("fd, tmp = tempfile.mkstemp()\nos.replace(tmp, path)", "os.replace()"),
        ("tmp = Path(tempfile.mkdtemp()) / 'x'\nshutil.move(tmp, NOTES / path)",
         "shutil.move()"),
        ("tmp = CACHE_DIR / 'part'\ntmp.replace(NOTES / path)", "tmp.replace()"),
        ("for entry in NOTES.iterdir():\n    entry.unlink()", "entry.unlink()"),
        ("target = NOTES / path\ntarget.write_text('x')", "target.write_text()"),
        ("shutil.copy(CACHE_DIR / 'x', path)", "shutil.copy()"),
    ],
)
def test_scratch_space_is_followed_through_the_path_value(
    tmp_path: Path, body: str, writes: str | None
) -> None:
    path = tmp_path / "server.py"
    path.write_text(SCRATCH_PREAMBLE + textwrap.indent(body, "    ") + "\n", encoding="utf-8")
    found = [d.message for d in analyze_path(path, Config()).diagnostics if d.code == "TAV403"]
    if writes is None:
        assert found == []
    else:
        assert len(found) == 1 and f"writes: {writes} (server.py:" in found[0], found


def test_a_helper_writing_the_path_it_is_given_is_judged_at_each_call(tmp_path: Path) -> None:
    """`_write_json(CACHE / name, data)` fills the server's cache; the same helper given
    the caller's folder writes the user's file, and the evidence says how it gets there."""
    path = server(
        tmp_path,
        """
        from pathlib import Path

        from mcp.types import ToolAnnotations

        from storage import CACHE, Store, write_json

        READ_ONLY = ToolAnnotations(readOnlyHint=True)
        store = Store()

        @mcp.tool(annotations=READ_ONLY)
        def remember(name: str) -> str:
            write_json(CACHE / name, {"name": name})
            return name

        @mcp.tool(annotations=READ_ONLY)
        def export(name: str, folder: str) -> str:
            write_json(Path(folder) / name, {"name": name})
            return name

        @mcp.tool(annotations=READ_ONLY)
        def spill(key: str) -> str:
            store.spill(key)
            return key

        @mcp.tool(annotations=READ_ONLY)
        def keep(key: str) -> str:
            store.keep(key)
            return key
        """,
        storage="""
        import json
        import tempfile
        from pathlib import Path

        import platformdirs

        CACHE = Path(platformdirs.user_cache_dir("demo"))


        def write_json(target: Path, data: dict) -> None:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(data))


        class Store:
            def __init__(self) -> None:
                self.work = Path(tempfile.mkdtemp(prefix="store-"))
                self.home = Path.home() / "kept"

            def spill(self, key: str) -> None:
                (self.work / key).write_text(key)

            def keep(self, key: str) -> None:
                (self.home / key).write_text(key)
        """,
    )
    found = {d.tool: d.message for d in analyze_path(path, Config()).diagnostics
             if d.code == "TAV403"}
    assert sorted(found) == ["export", "keep"]
    assert "writes: target.write_text() (storage.py:13) via export (server.py:22) -> " \
        "write_json" in found["export"]
    assert "(self.home / key).write_text() (storage.py:25) via keep (server.py:32) -> " \
        "Store.keep" in found["keep"]


# --- receivers of a known class ---


@pytest.mark.parametrize(
    ("body", "evidence"),
    [
        ("with zipfile.ZipFile(path) as z:\n    return z.read(name)", None),
        ("z = zipfile.ZipFile(path)\nwith z.open(name) as f:\n    return f.read()", None),
        ("with zipfile.ZipFile(path) as z:\n    z.mkdir(name)\n    return z.namelist()",
         None),
        ("with tarfile.open(path, 'r:xz') as t:\n    return t.extractfile(name).read()", None),
        ("with open(path, 'rb') as f:\n    return f.read()", None),
        ("with Path(path).open() as f:\n    return f.readline()", None),
        ("buffer = io.BytesIO()\nwith zipfile.ZipFile(buffer, 'w') as z:\n"
         "    z.writestr(name, 'x')\nreturn buffer.getvalue()", None),
        ("with tempfile.TemporaryDirectory() as work:\n"
         "    with tarfile.open(path) as t:\n        t.extractall(work)\n"
         "    return os.listdir(work)", None),
        ("with sqlite3.connect(path) as db:\n    cursor = db.cursor()\n"
         "    cursor.execute('SELECT body FROM notes WHERE name = ?', (name,))\n"
         "    return cursor.fetchall()", None),
        ("with zipfile.ZipFile(path, 'w') as z:\n    z.writestr(name, 'x')",
         "zipfile.ZipFile() (server.py:8), opens a file for writing"),
        ("with zipfile.ZipFile(path, mode='a') as z:\n    z.write(name)",
         "zipfile.ZipFile() (server.py:8), opens a file for writing"),
        ("with open(path, 'a') as log:\n    log.write(name)",
         "open() (server.py:8), opens a file for writing"),
        ("with tarfile.open(path, 'w:gz') as t:\n    t.add(name)",
         "tarfile.open() (server.py:8), opens a file for writing"),
        ("with zipfile.ZipFile(path) as z:\n    z.extractall(name)",
         "z.extractall() (server.py:9), extracts an archive"),
        ("with zipfile.ZipFile(path) as z:\n    return z.extract(name)",
         "z.extract() (server.py:9), extracts an archive"),
    ],
)
def test_a_receiver_of_a_known_class_decides_its_methods(
    tmp_path: Path, body: str, evidence: str | None
) -> None:
    """`read`, `open`, `extract`, `mkdir`… mean what the receiver's class says: a file or
    archive opened for reading cannot write, one opened for writing was judged where it
    was opened, and extracting writes into the folder given."""
    path = tmp_path / "server.py"
    path.write_text(
        "import io, os, sqlite3, tarfile, tempfile, zipfile\nfrom pathlib import Path\n"
        "from mcp.server.fastmcp import FastMCP\n"
        "from mcp.types import ToolAnnotations\nmcp = FastMCP('demo')\n"
        "@mcp.tool()\ndef handle(path: str, name: str):\n"
        "    return None\n"
        "@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))\n"
        "def annotated(path: str, name: str):\n" + textwrap.indent(body, "    ") + "\n",
        encoding="utf-8",
    )
    path.write_text(path.read_text().replace(
        "def handle(path: str, name: str):\n    return None\n",
        "def handle(path: str, name: str):\n" + textwrap.indent(body, "    ") + "\n",
    ), encoding="utf-8")
    handle = tools(path)["handle"]
    found = [d.message for d in analyze_path(path, Config()).diagnostics if d.code == "TAV403"]
    if evidence is None:
        assert handle.mode_source == "effects: none in the resolved call tree"
        assert found == []
    else:
        assert handle.mode_source == f"effect: {evidence}"
        assert len(found) == 1 and evidence.split(" (")[0] in found[0]


def test_an_annotated_archive_parameter_reads_its_members(tmp_path: Path) -> None:
    path = server(tmp_path, """
        import zipfile

        def first_member(archive: zipfile.ZipFile) -> bytes:
            return archive.read(archive.namelist()[0])

        @mcp.tool()
        def peek(path: str) -> str:
            with zipfile.ZipFile(path) as archive:
                return first_member(archive).decode()
    """)
    assert tools(path)["peek"].mode_source == "effects: none in the resolved call tree"


def test_fixture_evidence_names_the_call_path() -> None:
    """A write two helpers down names each function and where it calls the next; in
    another module, the file too."""
    report = analyze_path(ROOT / "fixtures" / "effects" / "code_index.py", Config())
    found = {d.tool: d.message for d in report.diagnostics if d.code == "TAV403"}
    assert "writes: open() (code_index.py:61), opens a file for writing via snapshot_stats " \
        "(line 111) -> _write_stats (line 66) -> _dump;" in found["snapshot_stats"]
    mailbox = ROOT / "fixtures" / "effects" / "mail_attachments" / "server.py"
    report = analyze_path(mailbox, Config())
    found = {d.tool: d.message for d in report.diagnostics if d.code == "TAV403"}
    # `lookup_message` appends to the server's own log: shown, not a write of the tool's.
    assert sorted(found) == ["export_archive", "save_attachment"]
    assert "writes: archive.extractall() (archive.py:36), extracts an archive via " \
        "export_archive (server.py:97) -> unpack;" in found["export_archive"]


# --- the server's own state: shown, not counted ---


def test_credentials_saved_after_logging_in_are_the_servers_own(tmp_path: Path) -> None:
    """A cookie file written in a helper is the server's credentials: the evidence shows
    it, the mode comes from the name and the default (TAV402 still sees the default)."""
    path = server(tmp_path, """
        import json
        from pathlib import Path

        import requests

        COOKIE_FILE = Path.home() / ".portal_cookies.json"
        session = requests.Session()

        def _remember_session() -> None:
            COOKIE_FILE.write_text(json.dumps(dict(session.cookies)))

        @mcp.tool()
        def course_list() -> list:
            _remember_session()
            return session.get("https://portal.example/api/courses").json()
    """)
    tool = tools(path)["course_list"]
    assert tool.mode == "read-only"
    assert tool.mode_source == (
        "default; not counted: COOKIE_FILE.write_text() (server.py:15), the server's own "
        "state (credentials) via course_list (line 19) -> _remember_session"
    )
    selected = analyze_path(path, Config(), enabled=lambda code: True)
    assert ("TAV402", "course_list") in [(d.code, d.tool) for d in selected.diagnostics]


OWN_STATE_PREAMBLE = '''\
import os, sqlite3, tempfile
from pathlib import Path
import keyring
import platformdirs
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations
mcp = FastMCP('demo')
STATE = os.path.expanduser('~/.demo')
LOG_FILE = Path(STATE) / 'requests.log'
LOCK_FILE = Path(STATE, 'server.pid')
CACHE = Path(platformdirs.user_cache_dir('demo'))
DB = Path(STATE) / 'demo.db'
SCHEMA = """CREATE TABLE IF NOT EXISTS t (a);
CREATE INDEX IF NOT EXISTS t_a ON t(a);"""
SEED = "CREATE TABLE IF NOT EXISTS t (a); INSERT INTO t VALUES (1);"
class ResultCache:
    def __init__(self, key):
        self.key = key
    def set(self, value):
        pass
def _remember(key, value):
    cache = ResultCache(key)
    cache.set(value)
def _apply_encryption_key(conn, key):
    conn.execute(f"PRAGMA key = '{key}'")
def _retire_legacy_credentials(legacy):
    os.remove(legacy)
def bootstrap(conn):
    conn.executescript(Path(STATE, 'schema.sql').read_text())
def init_user(conn, name):
    conn.executescript(Path(STATE, name).read_text())
def _apply_changes(conn, script):
    conn.executescript(script)
def _set_key(key):
    Path(STATE, key).write_text('x')
API_KEY_PATH = Path(STATE) / 'api_key'
STORE = object()
def _evict(key):
    STORE.results_cache.delete(key)
class CandleCache:
    def set_calendar(self, market, payload):
        Path(STATE, market).write_text(payload)
@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
def handle(path: str):
'''


@pytest.mark.parametrize(
    ("body", "counted"),
    [
        # places named for the server's own state, directly or through their value
        ("LOG_FILE.open('a').write(path)", False),
        ("open(os.path.join(STATE, '.tokens', 'session.pickle'), 'wb').write(b'x')", False),
        ("(Path.home() / '.app' / 'audit.jsonl').open('a').write(path)", False),
        ("Path(platformdirs.user_log_dir('app'), 'app.log').write_text(path)", False),
        ("os.remove(LOCK_FILE)", False),
        ("(CACHE / path).write_text('x')", False),
        # a folder the server sets up, wherever it is, unless the arguments name it
        ("os.makedirs(STATE, exist_ok=True)", False),
        ("(Path(STATE) / 'out').mkdir(parents=True)", False),
        ("os.makedirs(path)", True),
        ("os.makedirs(os.path.join(STATE, path))", True),
        # database set-up
        ("sqlite3.connect(DB).execute('PRAGMA journal_mode=WAL')", False),
        ("sqlite3.connect(DB).executescript(SCHEMA)", False),
        ("sqlite3.connect(DB).executescript(SEED)", True),
        ("sqlite3.connect(DB).execute(f'PRAGMA busy_timeout = {os.getpid()}')", False),
        # SQL a set-up function runs, even from a file; not SQL a function is given
        ("bootstrap(sqlite3.connect(DB))", False),
        ("_apply_changes(sqlite3.connect(DB), path)", True),
        ("init_user(sqlite3.connect(DB), 'admin')", True),
        # the server keeping its credentials: a keyring entry, a function named for them
        ("keyring.delete_password('demo', path)", False),
        ("_apply_encryption_key(sqlite3.connect(DB), path)", False),
        ("_retire_legacy_credentials(Path(STATE, path))", False),
        ("_set_key(path)", True),  # a key-value store's key is not a credential
        ("API_KEY_PATH.unlink()", False),
        # a class named as a cache keeps it; a folder's mode set up, not one the tool names
        ("CandleCache().set_calendar('US', path)", False),
        ("Path(STATE).chmod(0o700)", False),
        ("Path(path).chmod(0o700)", True),
        # a cache object filled in a helper; the user's files stay writes
        ("_remember(path, path.upper())", False),
        # a method named for a change, on an object named as a cache: the cache emptied
        ("STORE.cache_teams.delete_prefix('teams/')", False),
        ("STORE.teams.delete_prefix('teams/')", True),
        # an entry of the server's cache dropped by the key the tool was asked for
        ("_evict(path)", False),
        # a method saving to the folder it is given: scratch space, or the user's
        ("STORE.save_logs(tempfile.mkdtemp(prefix='logs'))", False),
        ("STORE.save_logs(Path(path))", True),
        ("STORE.write_image(path, tempfile.NamedTemporaryFile(suffix='.png').name)", False),
        ("STORE.write_image(path, file=Path(STATE) / path)", True),
        ("Path(STATE, 'notes.md').write_text(path)", True),
    ],
)
def test_writes_that_keep_the_servers_own_state(tmp_path: Path, body: str, counted: bool) -> None:
    """Annotated read-only: a write that keeps the server's own state is no TAV403."""
    path = tmp_path / "server.py"
    path.write_text(OWN_STATE_PREAMBLE + textwrap.indent(body, "    ") + "\n", encoding="utf-8")
    found = [d.message for d in analyze_path(path, Config()).diagnostics if d.code == "TAV403"]
    assert bool(found) is counted, found


def test_a_cache_objects_store_filled_from_a_function_its_method_defines(
    tmp_path: Path,
) -> None:
    """`SemanticCache.refresh_path` defines `_refresh`, which calls `self.put`: the nested
    function's `self` is the method's, and `self._storage.put(...)` in a class named as a
    cache fills that cache's own store (no HTTP PUT), so a read stays a read."""
    path = server(tmp_path, """
        import asyncio

        class SemanticCache:
            def __init__(self, storage):
                self._storage = storage

            async def put(self, path: str, content: str) -> None:
                await self._storage.put(path, content)

            async def refresh_path(self, path: str, content: str) -> None:
                async def _refresh() -> None:
                    await self.put(path, content)

                await asyncio.wait_for(_refresh(), timeout=2.0)

        cache = SemanticCache(make_storage())

        @mcp.tool()
        async def outline(path: str) -> str:
            content = open(path).read()
            await cache.refresh_path(path, content)
            return content
    """)
    found = tools(path)["outline"]
    assert found.mode == "read-only", found.mode_source
    assert "the server's own state (its cache)" in found.mode_source


def test_a_tool_named_for_its_own_state_changes_it(tmp_path: Path) -> None:
    """`clear_cache` is there to empty the cache: the write counts for its mode (as one
    that may write), but never for TAV403: nothing of the user's changes."""
    path = server(tmp_path, """
        from pathlib import Path

        import platformdirs
        from mcp.types import ToolAnnotations

        CACHE = Path(platformdirs.user_cache_dir("demo"))

        @mcp.tool()
        def clear_cache() -> int:
            removed = 0
            for entry in CACHE.iterdir():
                entry.unlink()
                removed += 1
            return removed

        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        def sweep_cache() -> int:
            return clear_cache()

        @mcp.tool()
        def cached_entries() -> list:
            return [entry.name for entry in CACHE.iterdir()]
    """)
    found = tools(path)
    assert found["clear_cache"].mode_source == (
        "effect: entry.unlink() (server.py:17), the server's own state (its cache), which "
        "the tool is named for"
    )
    assert found["sweep_cache"].mode == "read-only"
    assert ("TAV403", "sweep_cache") not in codes(path)
    assert found["cached_entries"].mode_source == "effects: none in the resolved call tree"


def test_a_cache_keyed_by_the_arguments_is_the_servers(tmp_path: Path) -> None:
    """`ResultCache.put(url, depth, page)` files each answer under a key made of the
    tool's arguments: the entry carries them, the cache is the server's own, whatever
    the tool is named. A store not named for a cache, keyed alike, is a write."""
    path = server(tmp_path, """
        import hashlib
        import json
        from pathlib import Path

        import httpx

        class ResultCache:
            def __init__(self, root: str = "~/.scrape/cache") -> None:
                self.root = Path(root).expanduser()

            def put(self, key: str, value: dict) -> None:
                fp = self.root / hashlib.sha256(key.encode()).hexdigest()
                fp.parent.mkdir(parents=True, exist_ok=True)
                fp.write_text(json.dumps(value))

        class Archive:
            def __init__(self, root: str = "~/archive") -> None:
                self.root = Path(root).expanduser()

            def put(self, key: str, value: dict) -> None:
                (self.root / key).write_text(json.dumps(value))

        CACHE = ResultCache()
        ARCHIVE = Archive()

        @mcp.tool()
        def web_extract(url: str, depth: int = 1) -> dict:
            page = {"html": httpx.get(url).text}
            CACHE.put(f"{url}:{depth}", page)
            return page

        @mcp.tool()
        def web_keep(url: str, depth: int = 1) -> dict:
            page = {"html": httpx.get(url).text}
            ARCHIVE.put(f"{url}:{depth}", page)
            return page
    """)
    found = tools(path)
    assert found["web_extract"].mode == "read-only", found["web_extract"].mode_source
    assert "ResultCache.put" in found["web_extract"].mode_source
    assert found["web_keep"].mode == "mutation"


def test_a_precondition_a_read_only_tool_ensures_is_set_up(tmp_path: Path) -> None:
    """A tool annotated read-only that first makes sure its helper module is loaded into
    the application it drives (`_ensure_module_injected`) sets up what it uses: no
    TAV403. The same write under an unannotated tool not named as a read counts."""
    path = server(tmp_path, """
        from pathlib import Path

        HELPERS = Path.home() / "maya" / "scripts" / "mcp_helpers.py"

        def _ensure_module_injected() -> None:
            if not HELPERS.exists():
                HELPERS.write_text("def describe(): ...")

        @mcp.tool(annotations={"readOnlyHint": True})
        def scene_nodes() -> list[str]:
            _ensure_module_injected()
            return []

        @mcp.tool()
        def scene_snapshot() -> list[str]:
            _ensure_module_injected()
            return []
    """)
    assert ("TAV403", "scene_nodes") not in codes(path)
    found = tools(path)
    assert found["scene_nodes"].mode == "read-only"
    assert found["scene_snapshot"].mode == "mutation"
    assert "HELPERS.write_text()" in found["scene_snapshot"].mode_source


def test_a_key_check_every_tool_posts_alike_is_metering(tmp_path: Path) -> None:
    """Every tool posts the caller's `api_key` (and nothing else of its arguments) to the
    vendor's `/verify` before it computes: metering its use, under tools none of whose
    names says it reads. A shared helper that posts a tool's data is still a write."""
    path = server(tmp_path, """
        import json
        import urllib.request

        def _verify(api_key: str) -> bool:
            data = json.dumps({"api_key": api_key}).encode()
            req = urllib.request.Request("https://vendor.example/verify", data=data,
                                         method="POST")
            with urllib.request.urlopen(req) as reply:
                return bool(json.load(reply).get("allowed", True))

        def _submit(payload: dict) -> dict:
            req = urllib.request.Request("https://vendor.example/jobs",
                                         data=json.dumps(payload).encode(), method="POST")
            with urllib.request.urlopen(req) as reply:
                return json.load(reply)

        @mcp.tool()
        def encode_text(text: str, api_key: str = "") -> str:
            _verify(api_key)
            return text.encode().hex()

        @mcp.tool()
        def decode_text(data: str, api_key: str = "") -> str:
            _verify(api_key)
            return bytes.fromhex(data).decode()

        @mcp.tool()
        def render_matrix(text: str, api_key: str = "") -> list[str]:
            _verify(api_key)
            return [text]

        @mcp.tool()
        def enqueue_render(text: str, api_key: str = "") -> dict:
            _verify(api_key)
            return _submit({"text": text})
    """)
    found = tools(path)
    assert found["encode_text"].mode == "read-only", found["encode_text"].mode_source
    assert "reached the same way by 4 of 4 tools" in found["encode_text"].mode_source
    assert found["enqueue_render"].mode == "mutation"
    assert "_submit" in found["enqueue_render"].mode_source


def test_a_write_every_tool_reaches_alike_is_the_servers_machinery(tmp_path: Path) -> None:
    """A sign-in step every tool goes through (its POST and the state it saves) tells no
    tool from another; a tool that signs in itself still shows both."""
    path = server(tmp_path, """
        import json
        from pathlib import Path

        import requests

        STATE = Path.home() / ".crm" / "state.json"
        session = requests.Session()

        def _sign_in() -> None:
            reply = session.post("https://crm.example/signin", data={"user": "me"})
            STATE.write_text(json.dumps(reply.json()))

        def _call(path: str) -> dict:
            if "crm" not in session.cookies:
                _sign_in()
            return session.get(f"https://crm.example{path}").json()

        @mcp.tool()
        def find_contact(name: str) -> dict:
            return _call(f"/contacts?q={name}")

        @mcp.tool()
        def deal_pipeline() -> dict:
            return _call("/deals")

        @mcp.tool()
        def contact_timeline(contact_id: int) -> dict:
            return _call(f"/contacts/{contact_id}/timeline")

        @mcp.tool()
        def sign_in() -> str:
            _sign_in()
            return "ok"
    """)
    found = tools(path)
    assert found["deal_pipeline"].mode == "read-only"
    assert found["deal_pipeline"].mode_source.startswith(
        "default; not counted: session.post() (server.py:15), HTTP POST, the server's own "
        "state (reached the same way by 3 of 4 tools) via deal_pipeline (line 29) -> _call"
    ), found["deal_pipeline"].mode_source
    assert found["contact_timeline"].mode == "read-only"
    assert found["sign_in"].mode_source.startswith("effect: STATE.write_text() (server.py:16)")


def test_a_request_carrying_the_tools_arguments_is_not_machinery(tmp_path: Path) -> None:
    """A bridge where every tool POSTs its own arguments: the POST is each tool's act,
    so tools whose names do not read stay mutations."""
    path = server(tmp_path, """
        import requests

        def _post(endpoint: str, payload: dict) -> dict:
            return requests.post(f"http://127.0.0.1:8888/{endpoint}", json=payload).json()

        @mcp.tool()
        def get_scan(scan_id: str) -> dict:
            return _post("api/scans/get", {"id": scan_id})

        @mcp.tool()
        def port_scan(target: str) -> dict:
            return _post("api/tools/nmap", {"target": target})

        @mcp.tool()
        def kill_process(pid: int) -> dict:
            return _post("api/processes/kill", {"pid": pid})
    """)
    found = tools(path)
    assert found["port_scan"].mode == found["kill_process"].mode == "mutation"
    assert found["get_scan"].mode == "read-only"


@pytest.mark.parametrize(
    ("script", "setup"),
    [
        ("PRAGMA journal_mode=WAL", True),
        ("PRAGMA foreign_keys = ON; CREATE TABLE IF NOT EXISTS t (a)", True),
        ("CREATE VIRTUAL TABLE IF NOT EXISTS f USING fts5(a);\n"
         "CREATE TRIGGER IF NOT EXISTS t_ai AFTER INSERT ON t BEGIN\n"
         "  INSERT INTO f(rowid, a) VALUES (new.rowid, new.a);\nEND;", True),
        ("/* schema */ CREATE UNIQUE INDEX IF NOT EXISTS i ON t(a); -- done", True),
        ("BEGIN; CREATE TABLE IF NOT EXISTS t (a); COMMIT;", True),
        ("CREATE TABLE t (a)", False),
        ("CREATE TABLE IF NOT EXISTS t (a); INSERT INTO t VALUES (1)", False),
        ("DROP TABLE IF EXISTS t", False),
        ("PRAGMA table_info(t); DELETE FROM t", False),
    ],
)
def test_database_set_up(script: str, setup: bool) -> None:
    assert effects_analysis._sql_setup((script,)) is setup


def test_sql_in_a_constant_is_read(tmp_path: Path) -> None:
    """A statement kept in a module constant (here or imported) is judged by its text."""
    path = server(
        tmp_path,
        """
        import sqlite3

        from queries import PURGE, RECENT

        DB = "/srv/app/app.db"

        @mcp.tool()
        def recent_orders(limit: int = 10) -> list:
            return sqlite3.connect(DB).execute(RECENT, (limit,)).fetchall()

        @mcp.tool()
        def tidy_orders() -> int:
            return sqlite3.connect(DB).execute(PURGE).rowcount
        """,
        queries="""
        RECENT = "SELECT * FROM orders ORDER BY created DESC LIMIT ?"
        PURGE = "DELETE FROM orders WHERE status = 'cancelled'"
        """,
    )
    found = tools(path)
    assert found["recent_orders"].mode_source == "effects: none in the resolved call tree"
    assert found["tidy_orders"].mode_source == (
        "effect: sqlite3.connect(DB).execute() (server.py:18), SQL that writes"
    )


def test_api_resources_and_logging_set_up(tmp_path: Path) -> None:
    """`service.events().insert(...)` on an API client changes the remote calendar; a
    logger's handlers are set-up, not a write."""
    path = server(tmp_path, """
        import logging

        from googleapiclient.discovery import build

        logger = logging.getLogger("calendar")

        def _service():
            return build("calendar", "v3")

        @mcp.tool()
        def calendar_add_event(summary: str, start: str) -> dict:
            service = _service()
            body = {"summary": summary, "start": {"dateTime": start}}
            return service.events().insert(calendarId="primary", body=body).execute()

        @mcp.tool()
        def mail_deliver(raw: str) -> dict:
            service = _service()
            return service.users().messages().send(userId="me", body={"raw": raw}).execute()

        @mcp.tool()
        def verbose_logging() -> str:
            logger.addHandler(logging.StreamHandler())
            logger.setLevel(logging.DEBUG)
            return "ok"
    """)
    found = tools(path)
    assert found["calendar_add_event"].mode == "mutation"
    assert found["mail_deliver"].mode == "mutation"
    assert found["verbose_logging"].mode == "read-only"


# --- configuration ---


def test_write_calls_and_read_only_calls_extend_the_catalogue(tmp_path: Path) -> None:
    path = server(tmp_path, """
        import vault

        @mcp.tool()
        def sync() -> str:
            return vault.mirror()

        @mcp.tool()
        def tidy(name: str) -> str:
            return vault.delete_draft(name)
    """)
    assert tools(path)["sync"].mode_source == "default"
    configured = Config.from_mapping(
        {"write-calls": ["vault.mirror"], "read-only-calls": ["delete_draft"]}, "test"
    )
    found = tools(path, configured)
    assert found["sync"].mode_source.startswith("effect: vault.mirror()")
    assert found["tidy"].mode_source == "effects: none in the resolved call tree"
    assert {"write-calls", "read-only-calls", "mutation-verbs", "read-only-verbs"} <= set(OPTIONS)


# --- TAV403 ---


def test_tav403_names_the_evidence_and_is_a_security_error_in_sarif() -> None:
    fixture = ROOT / "fixtures" / "rules" / "tav403_read_only_writes.py"
    report = analyze_path(fixture, Config())
    found = [d for d in report.diagnostics if d.code == "TAV403"]
    assert [d.tool for d in found] == ["check_alerts", "refresh_stations"]
    assert "STATE.write_text() (tav403_read_only_writes.py:37) via check_alerts (line 55) " \
        "-> _save_alerts" in found[0].message
    document = json.loads(check_sarif(found))
    run = document["runs"][0]
    rule = next(r for r in run["tool"]["driver"]["rules"] if r["id"] == "TAV403")
    assert rule["defaultConfiguration"]["level"] == "error"
    assert "security" in rule["properties"]["tags"]
    assert {r["level"] for r in run["results"]} == {"error"}


def test_a_file_in_a_temporary_directory_is_scratch(tmp_path: Path) -> None:
    """`with tempfile.TemporaryDirectory() as d`: `Path(d) / "x"` opened for writing
    changes nothing the user owns (a download spooled to disk, then read)."""
    path = server(tmp_path, """
        import tempfile
        from pathlib import Path

        import httpx
        from mcp.types import ToolAnnotations

        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        async def get_artifact(url: str) -> str:
            with tempfile.TemporaryDirectory(prefix="artifact-") as directory:
                path = Path(directory) / "artifact"
                async with httpx.AsyncClient() as client:
                    response = await client.get(url)
                with path.open("wb") as target:
                    target.write(response.content)
                return path.read_text()
    """)
    assert ("TAV403", "get_artifact") not in codes(path)


def test_tav403_can_be_ignored(tmp_path: Path) -> None:
    path = server(tmp_path, """
        from mcp.types import ToolAnnotations

        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        def warm(name: str) -> str:
            open(name, "w").write("x")
            return name
    """)
    assert ("TAV403", "warm") in codes(path)
    report = analyze_path(path, Config(), enabled=lambda code: code != "TAV403")
    assert not [d for d in report.diagnostics if d.code == "TAV403"]


# --- the precedence, without libcst ---


def test_precedence() -> None:
    config = Config()
    writes = Effects(("os.remove() (a.py:3)",))
    read_only = Annotations(True, None, "readOnlyHint=True")
    assert classify("x", read_only, (), config, writes).mode == "read-only"  # then TAV403
    assert classify("x", None, ("CanEdit",), config, Effects(resolved=True)).mode == "mutation"
    assert classify("list_x", None, (), config, writes).source == "effect: os.remove() (a.py:3)"
    assert classify("delete_x", None, (), config, Effects(resolved=True)).mode == "read-only"
    assert classify("delete_x", None, (), config, Effects()).source == "name verb 'delete'"
    maybe = Effects(uncertain=("client.post() (a.py:9), HTTP POST",))
    assert classify("search", None, (), config, maybe).source == "default"
    assert classify("submit", None, (), config, maybe).mode == "mutation"
    argued = Effects(uncertain=("c.execute() (a.py:4), SQL from the arguments",),
                     from_arguments=("c.execute() (a.py:4), SQL from the arguments",))
    assert classify("explain_query", None, (), config, argued).mode == "mutation"
    assert classify("settings", None, (), config).source == "default"
    own = Effects(own=("COOKIES.write_text() (a.py:5), the server's own state (credentials)",))
    assert classify("settings", None, (), config, own).source == (
        "default; not counted: COOKIES.write_text() (a.py:5), the server's own state "
        "(credentials)"
    )
    assert classify("delete_x", None, (), config, own).source == "name verb 'delete'"


def test_mode_stays_free_of_libcst() -> None:
    code = "import sys, toolargs.mode, toolargs.policy; assert 'libcst' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    ("name", "mode"),
    [
        ("delete_note", "mutation"),
        ("wikijs_create_page", "mutation"),  # a prefix before the verb
        ("user_delete", "mutation"),  # the resource first
        ("batch_rename", "mutation"),
        ("get_post", "read-only"),  # a read verb: `post` is what it gets
        ("list_updates", "read-only"),
        ("gmail_mark_read", "read-only"),
        ("health_check", "read-only"),
        ("baremetal_reboot_server", "mutation"),  # a verb that says the tool acts
        ("vm_start", "mutation"),  # a state verb after the resource
        ("destroy_sandbox", "mutation"),
        ("confirm_delivery", "mutation"),
        ("perform_ocr", "read-only"),  # a verb that is as often a computation
        ("capture_screenshot", "read-only"),
        ("generate_active_pause_drafts", "read-only"),  # a neutral verb: `pause` is a noun
        ("calculate_order_refund", "read-only"),
        ("validate_edit", "read-only"),
        ("order_refund", "mutation"),  # the same word after a resource is the verb
        ("messaging_send", "mutation"),  # a word in -ing before it names a category
        ("messaging_reply", "mutation"),
    ],
)
def test_a_mutation_verb_among_the_words_of_a_name(name: str, mode: str) -> None:
    assert classify(name, None, (), Config()).mode == mode


@pytest.mark.parametrize(
    ("name", "mode"),
    [
        ("get_post_details", "read-only"),  # starts with a read verb: the post is read
        ("obsidian_search", "read-only"),
        ("list_pending_updates", "read-only"),
        ("archive_search_results", "mutation"),  # `archive` changes what it names
        ("update_search_index", "mutation"),
        ("publish", "mutation"),
    ],
)
def test_a_read_name_outweighs_an_uncertain_write(name: str, mode: str) -> None:
    effects = Effects(uncertain=("client.post() (api.py:3), HTTP POST",))
    assert classify(name, None, (), Config(), effects).mode == mode


# --- verbs that change state, and resources a function undoes itself ---


def test_state_verbs_and_quantifiers_name_tools() -> None:
    config = Config()
    for name, verb in [("refund_order", "refund"), ("cancel_subscription", "cancel"),
                       ("batch_delete_products", "delete"), ("bulkCreateUsers", "create"),
                       ("activate_base_plan", "activate"), ("reply_to_review", "reply"),
                       ("accept_calendar_event", "accept"), ("decline_invite", "decline")]:
        assert classify(name, None, (), config).source == f"name verb '{verb}'"
    for name in ("batch_get_orders", "bulk_lookup_domains", "list_refunds", "batch",
                 "record_lookup"):  # a noun as often as a verb: `record` says nothing
        assert classify(name, None, (), config).source == "default"
    maybe = Effects(uncertain=("client.post() (a.py:9), HTTP POST",))
    assert classify("cancel_search", None, (), config, maybe).mode == "mutation"


@pytest.mark.parametrize(
    ("body", "mode", "evidence"),
    [
        ("service.orders().refund(orderId=path).execute()", "mutation", "refund()"),
        ("service.inappproducts().batchDelete(body=path).execute()", "mutation",
         "batchDelete()"),
        ("plans = service.subscriptions().basePlans()\nplans.migratePrices(id=path)",
         "mutation", "by its name"),
        ("service.subscriptions().basePlans().activate(id=path)", "mutation", "by its name"),
        ("api.cancel_order(path)", "mutation", "by its name"),
        ("return service.inappproducts().batchGet(sku=path).execute()", "read-only",
         "effects: none"),
        ("task = asyncio.ensure_future(asyncio.sleep(1))\ntask.cancel()", "read-only",
         "effects: none"),
    ],
)
def test_calls_named_for_a_change_of_state(
    tmp_path: Path, body: str, mode: str, evidence: str
) -> None:
    """A call on an API's resource named for a change (`refund`, `activate`), camelCase
    and after `batch` too, may write; on anything else a bare verb says nothing."""
    path = tmp_path / "server.py"
    path.write_text(
        "import asyncio\nfrom googleapiclient.discovery import build\nimport sdk\n"
        "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('demo')\n"
        "service = build('androidpublisher', 'v3')\napi = sdk.Client()\n"
        "@mcp.tool()\ndef handle(path: str):\n" + textwrap.indent(body, "    ") + "\n",
        encoding="utf-8",
    )
    tool = tools(path)["handle"]
    assert (tool.mode, evidence in tool.mode_source) == (mode, True), tool.mode_source


def test_a_resource_created_and_deleted_in_one_call_is_scratch(tmp_path: Path) -> None:
    """An edit session opened and deleted again is like a temporary file; one that is
    committed, or deleted by another call than the one that opened it, still counts."""
    path = server(tmp_path, """
        from googleapiclient.discovery import build

        def _open(app):
            service = build("androidpublisher", "v3")
            return service.edits().insert(packageName=app, body={}).execute()["id"]

        def _drop(app, edit):
            service = build("androidpublisher", "v3")
            service.edits().delete(packageName=app, editId=edit).execute()

        @mcp.tool()
        def read_tracks(app: str) -> list:
            service = build("androidpublisher", "v3")
            edit = _open(app)
            try:
                return service.edits().tracks().list(packageName=app, editId=edit).execute()
            finally:
                _drop(app, edit)

        @mcp.tool()
        def publish(app: str) -> None:
            service = build("androidpublisher", "v3")
            edit = _open(app)
            service.edits().commit(packageName=app, editId=edit).execute()
            _drop(app, edit)

        @mcp.tool()
        def open_edit(app: str) -> str:
            return _open(app)

        @mcp.tool()
        def drop_other(app: str, edit: str) -> None:
            mine = _open(app)
            _drop(app, edit)
            return mine
    """)
    found = tools(path)
    assert found["read_tracks"].mode_source == "default"
    assert "commit()" in found["publish"].mode_source
    assert "insert()" in found["open_edit"].mode_source
    assert found["drop_other"].mode == "mutation"


def test_configuring_the_servers_own_client_is_state(tmp_path: Path) -> None:
    """`self._options.add_http_header(k, v)` before a query changes how the server talks,
    whichever module's tool reaches it: state, not a write."""
    path = server(tmp_path, """
        import os
        from gpudb import GPUdb

        class Util:
            def __init__(self) -> None:
                self._options = GPUdb.Options()

            def connect(self, user: str) -> GPUdb:
                self._options.add_http_header("X-User", user)
                return GPUdb(host=os.environ["DB_URL"], options=self._options)

        util = Util()

        @mcp.tool()
        def generate_sql(question: str, user: str) -> str:
            return util.connect(user).generate_sql(question)

        @mcp.tool()
        def add_user(name: str, user: str) -> None:
            util.connect(user).create_user(name)

        @mcp.tool()
        def query_sql(sql: str, user: str) -> list:
            dbc = util.connect(user)
            return dbc.execute_sql_and_decode(statement=sql, limit=10).records
    """)
    found = tools(path)
    assert found["generate_sql"].mode_source == "default"
    assert "create_user()" in found["add_user"].mode_source
    assert "SQL from the arguments" in found["query_sql"].mode_source


def test_a_debug_or_timing_file_named_by_the_environment_is_a_log(tmp_path: Path) -> None:
    """A line appended to the file `APP_DEBUG_TIMINGS` names records the server's own work:
    no TAV403; a file named otherwise is still a write."""
    path = server(tmp_path, """
        import os
        from mcp.types import ToolAnnotations
        READ = ToolAnnotations(readOnlyHint=True)

        def _note(event):
            path = os.getenv("APP_DEBUG_TIMINGS")
            if path:
                with open(path, "a") as handle:
                    handle.write(event + "\\n")

        @mcp.tool(annotations=READ)
        def lookup(key: str) -> str:
            _note("lookup")
            return key

        @mcp.tool(annotations=READ)
        def remember(key: str) -> str:
            with open(os.environ["APP_EXPORT"], "a") as handle:
                handle.write(key)
            return key
    """)
    found = codes(path)
    assert ("TAV403", "lookup") not in found
    assert ("TAV403", "remember") in found
    assert tools(path)["lookup"].mode == "read-only"


def test_values_made_by_the_call_are_not_objects_it_got(tmp_path: Path) -> None:
    """`seen, out = set(), []` binds each name to its own value; a project function that
    returns text it makes (`return nid.split("/")[0]`) gives data: `base.replace(a, b)`
    is `str.replace`. An object got from a library still counts."""
    path = server(tmp_path, """
        import sdk

        def act_level(nid):
            return nid.split("/art/")[0]

        @mcp.tool()
        def find_acts(query: str) -> list:
            seen, out = set(), []
            for hit in query.split():
                if hit not in seen:
                    seen.add(hit)
                    out.append(hit)
            return out

        @mcp.tool()
        def label(nid: str) -> str:
            base, art = act_level(nid), nid.rsplit("/", 1)[-1]
            return base.replace("eli:/it/", "").replace("/", " ") + art

        @mcp.tool()
        def relabel(key: str) -> None:
            client, name = sdk.connect(), key.upper()
            client.replace(name, "x", expire=60)
    """)
    found = tools(path)
    assert found["find_acts"].mode_source == "effects: none in the resolved call tree"
    assert found["label"].mode_source == "effects: none in the resolved call tree"
    assert "client.replace()" in found["relabel"].mode_source


def test_a_post_to_an_endpoint_named_for_a_query_reads(tmp_path: Path) -> None:
    """`/query`, `/_search`, Solr's `/select` (an environment variable's default too):
    a search form. The address a helper is given is judged at each call; a POST
    anywhere else may still write."""
    path = server(tmp_path, """
        import json, os
        import urllib.request
        import httpx
        RAG = os.getenv("RAG_URL", "http://localhost:9622")
        SOLR = os.getenv("SOLR_URL", "https://search.example.org/solr/docs/select?wt=json")

        def _post(url, payload):
            data = json.dumps(payload).encode()
            request = urllib.request.Request(url, data=data, method="POST")
            return json.load(urllib.request.urlopen(request))

        @mcp.tool()
        def ask(question: str) -> dict:
            return _post(f"{RAG}/query", {"query": question})

        @mcp.tool()
        def rulings(topic: str) -> dict:
            return httpx.post(SOLR, data={"q": topic}).json()

        @mcp.tool()
        def hits(term: str) -> dict:
            return httpx.post("https://es.example.org/docs/_search", json={"q": term}).json()

        @mcp.tool()
        def report(note: str) -> dict:
            return _post(f"{RAG}/feedback", {"note": note})

        @mcp.tool()
        def relay(url: str, note: str) -> dict:
            return _post(url, {"note": note})
    """)
    found = tools(path)
    for name in ("ask", "rulings", "hits"):
        assert found[name].mode == "read-only", found[name].mode_source
    assert "HTTP POST" in found["report"].mode_source
    assert "HTTP POST" in found["relay"].mode_source
    assert "from the arguments" not in found["relay"].mode_source


def test_an_http_method_is_followed_through_the_request_object(tmp_path: Path) -> None:
    """`method=request.method` is decided by the object each caller passes: a project
    class built there, its constructor's keyword or its class body (through its bases);
    an object the caller was given stays undecided."""
    path = server(tmp_path, """
        import httpx

        class Request:
            method: str = "GET"
            path: str = "/"

        class Search(Request):
            path = "/items"

        class Bookmark(Request):
            method = "POST"
            path = "/bookmarks"

        def _send(request: Request):
            return httpx.request(request.method, "https://x.example" + request.path)

        def send(request: Request):
            return _send(request)

        @mcp.tool()
        def items() -> dict:
            return send(Search()).json()

        @mcp.tool()
        def pin() -> dict:
            request = Bookmark()
            return send(request).json()

        @mcp.tool()
        def unpin() -> dict:
            return send(Request(method="DELETE")).json()

        @mcp.tool()
        def relay(request: dict) -> dict:
            return send(request).json()
    """)
    found = tools(path)
    assert found["items"].mode_source == "effects: none in the resolved call tree"
    assert "HTTP POST" in found["pin"].mode_source
    assert found["unpin"].mode == "mutation"
    assert "from the arguments" in found["relay"].mode_source


def test_arguments_inside_a_literal_statement_do_not_decide_it(tmp_path: Path) -> None:
    """`f"GENERATE SQL FOR '{question}'"`: the statement the checker cannot read starts
    with a literal keyword, the caller's text is only a value in it (uncertain, not the
    caller's to decide); a statement that is the argument itself still is."""
    path = server(tmp_path, """
        import sqlite3

        @mcp.tool()
        def search_sql_hints(question: str) -> list:
            cursor = sqlite3.connect("hints.db").cursor()
            return cursor.execute(f"GENERATE SQL FOR '{question}'").fetchall()

        @mcp.tool()
        def search_raw(statement: str) -> list:
            cursor = sqlite3.connect("hints.db").cursor()
            return cursor.execute(statement).fetchall()
    """)
    found = tools(path)
    assert found["search_sql_hints"].mode == "read-only"
    assert "SQL from the arguments" in found["search_raw"].mode_source


def test_past_the_depth_bound_a_name_is_no_evidence_for_tav403(tmp_path: Path) -> None:
    """A project function below the depth bound is not read: its name makes a write that
    may be one (the tool's mode), never a certain one (a TAV403)."""
    from toolargs.effects.analysis import MAX_DEPTH

    steps = [
        f"def step_{i}(state: dict) -> None:\n    step_{i + 1}(state)\n"
        for i in range(MAX_DEPTH - 1)
    ]
    body = "\n".join([
        "from mcp.types import ToolAnnotations\n",
        "def _remove_ambiguous(state: dict) -> None:\n    state.pop('x', None)\n",
        f"def step_{MAX_DEPTH - 1}(state: dict) -> None:\n    _remove_ambiguous(state)\n",
        *steps,
        "@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))",
        "def parse_screen(snapshot: str) -> dict:",
        "    state: dict = {}",
        "    step_0(state)",
        "    return state\n",
    ])
    path = server(tmp_path, body)
    found = tools(path)["parse_screen"]
    assert found.mode == "read-only"
    assert ("TAV403", "parse_screen") not in codes(path)


def test_text_rebuilt_from_text_is_made_here(tmp_path: Path) -> None:
    # `t` is bound twice, first from a project function's result: a text method given
    # only string literals makes a new string, so `t.replace(...)` changes nothing it got.
    path = server(
        tmp_path,
        """
        import re

        _RANGE = re.compile(r"(\\d+)-(\\d+)")


        def fold(text: str) -> str:
            return text.casefold()


        @mcp.tool()
        def parse_query(text: str) -> dict[str, str]:
            t = fold(text).replace("\u066b", ".")
            for m in _RANGE.finditer(t):
                t = t.replace(m.group(0), " ", 1)
            return {"rest": t}
        """,
    )
    found = tools(path)["parse_query"]
    expected = ("read-only", "effects: none in the resolved call tree")
    assert (found.mode, found.mode_source) == expected


def test_a_callback_added_to_a_task_is_the_servers_own(tmp_path: Path) -> None:
    path = server(
        tmp_path,
        """
        import asyncio

        _pending: set[asyncio.Task[None]] = set()


        async def _close_later(delay: float) -> None:
            await asyncio.sleep(delay)


        @mcp.tool()
        async def refresh_listing(delay: float) -> str:
            task = asyncio.create_task(_close_later(delay))
            _pending.add(task)
            task.add_done_callback(_pending.discard)
            return "scheduled"
        """,
    )
    assert tools(path)["refresh_listing"].mode == "read-only"


CHOSEN_PER_TOOL = """
from mcp.types import ToolAnnotations

from registry import LOCAL, TOOLS
import catalog  # noqa: F401  (registers its tools)

READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False)
LOCAL_ONLY = ToolAnnotations(read_only_hint=False, destructive_hint=False)

for fn, title in TOOLS:
    mcp.add_tool(fn, title=title, annotations=LOCAL_ONLY if CHOICE else READ_ONLY)
"""
REGISTRY = """
TOOLS = []
LOCAL = set()


def tool(title, *, local=False):
    def register(fn):
        TOOLS.append((fn, title))
        if local:
            LOCAL.add(fn)
        return fn

    return register
"""
CATALOG = """
from pathlib import Path

from registry import tool


@tool("Categories")
def categories(prefix: str) -> list[str]:
    return sorted(c for c in ("cars", "homes") if c.startswith(prefix))


@tool("Watch a search", local=True)
def watch_search(query: str) -> str:
    Path("watches.txt").write_text(query)
    return "watching"
"""


def test_annotations_chosen_by_membership_are_read_for_each_tool(tmp_path: Path) -> None:
    # Every tool gets one of two annotation objects, chosen by the set a decorator fills:
    # the loop runs once per function, and the set tells them apart.
    path = server(
        tmp_path, CHOSEN_PER_TOOL.replace("CHOICE", "fn in LOCAL"),
        registry=REGISTRY, catalog=CATALOG,
    )
    assert tools(path) == {}  # reported where each handler is defined
    found = tools(tmp_path / "catalog.py")
    assert found["categories"].mode_source == "annotation readOnlyHint=True"
    assert found["watch_search"].mode_source == "annotation readOnlyHint=False"


def test_a_readonlyhint_chosen_per_tool_at_run_time_leaves_the_mode_to_the_effects(
    tmp_path: Path,
) -> None:
    # Chosen by a library the analysis cannot read: annotated, but readOnlyHint is not
    # known here. The mode is what the code shows, never "annotated without
    # readOnlyHint" (a mutation for every tool).
    server(
        tmp_path,
        "from deployment import writes_locally\n"
        + CHOSEN_PER_TOOL.replace("CHOICE", "writes_locally(fn)"),
        registry=REGISTRY, catalog=CATALOG,
    )
    found = tools(tmp_path / "catalog.py")
    assert found["categories"].mode == "read-only"
    assert found["watch_search"].mode == "mutation"
    assert not any(t.mode_source.startswith("annotation") for t in found.values())


def test_a_data_frame_serialised_without_a_file_is_text(tmp_path: Path) -> None:
    path = server(
        tmp_path,
        """
        import polars as pl


        @mcp.tool()
        def preview_rows(table: str, n: int = 5) -> str:
            return pl.read_parquet(table).head(n).write_json()


        @mcp.tool()
        def export_rows(table: str, target: str) -> str:
            pl.read_parquet(table).write_json(target)
            return target
        """,
    )
    found = tools(path)
    assert found["preview_rows"].mode == "read-only"
    assert found["export_rows"].mode == "mutation"


def test_what_an_audit_class_records_is_the_servers_own_log(tmp_path: Path) -> None:
    # Annotated read-only, the tool's one write is the audit trail the server keeps:
    # no TAV403 (a tool that writes what the user owns still gets it).
    path = server(
        tmp_path,
        """
        import json
        from pathlib import Path

        from mcp.types import ToolAnnotations


        class Audit:
            def __init__(self, folder: Path) -> None:
                self.file = folder / "audit.jsonl"

            def record(self, event: str, **fields: object) -> None:
                with self.file.open("a") as out:
                    out.write(json.dumps({"event": event, **fields}) + "\\n")


        audit = Audit(Path.home() / ".memory")
        MEMORY: dict[str, str] = {}


        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        def recall(key: str) -> str:
            audit.record("recall", key=key)
            return MEMORY.get(key, "")


        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        def export_memory(target: str) -> str:
            Path(target).write_text(json.dumps(MEMORY))
            return target
        """,
    )
    assert ("TAV403", "recall") not in codes(path)
    assert ("TAV403", "export_memory") in codes(path)


def test_a_helper_that_calls_nothing_is_read_past_the_depth_bound(tmp_path: Path) -> None:
    """Seven calls down, past the bound where only a callee's name speaks, a method whose
    body calls nothing is read all the same: `_reset_state` clearing its object's fields
    writes nothing, whatever its name says."""
    chain = "\n".join(
        f"    def step{i}(self, q: str) -> str:\n        return self.step{i + 1}(q)\n"
        for i in range(5)
    )
    source = (
        "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('x')\n\n\n"
        "class Conversation:\n"
        "    def __init__(self) -> None:\n        self._answer = ''\n\n"
        f"{chain}\n"
        "    def step5(self, q: str) -> str:\n"
        "        self._reset_state()\n        self._answer = q\n        return q\n\n"
        "    def _reset_state(self) -> None:\n"
        "        self._answer = ''\n        self._chunks = []\n\n\n"
        "@mcp.tool()\ndef ask_question(q: str) -> str:\n"
        "    \"\"\"Ask.\"\"\"\n    return Conversation().step0(q)\n"
    )
    found = tools(server(tmp_path, source))
    assert found["ask_question"].mode == "read-only", found["ask_question"].mode_source


def test_a_store_in_the_servers_cache_through_an_option_and_a_property(tmp_path: Path) -> None:
    """A store whose folder is a constructor option defaulting to None, `or`-ed with the
    server's cache folder, and whose file is a property under it: refreshing it writes
    the server's own cache, so a read-only tool refreshing it before reading is right."""
    path = server(
        tmp_path,
        """
        import os
        from pathlib import Path

        from mcp.types import ToolAnnotations

        CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "atlas"


        class ReleaseStore:
            def __init__(self, directory: Path | None = None) -> None:
                self.directory = directory or CACHE_DIR / "census"

            @property
            def db_path(self) -> Path:
                \"\"\"The downloaded release.\"\"\"
                return self.directory / "census.sqlite"

            def refresh(self, payload: bytes) -> None:
                self.directory.mkdir(parents=True, exist_ok=True)
                tmp = self.directory / "census.sqlite.part"
                tmp.write_bytes(payload)
                tmp.replace(self.db_path)


        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        def demographics(area: str) -> str:
            \"\"\"Census figures for an area.\"\"\"
            ReleaseStore().refresh(b"")
            return area
        """,
    )
    assert ("TAV403", "demographics") not in codes(path)
    assert tools(path)["demographics"].mode == "read-only"


def test_a_folder_held_by_an_attribute_of_a_held_object_is_followed(tmp_path: Path) -> None:
    """`self.paths.results_dir`, where `self.paths` was given as a `RuntimePaths` and
    `results_dir` is a property under its cache folder: writing there fills the server's
    own cache."""
    path = server(
        tmp_path,
        """
        from dataclasses import dataclass
        from pathlib import Path

        from mcp.types import ToolAnnotations


        @dataclass(frozen=True)
        class RuntimePaths:
            cache_dir: Path

            @property
            def results_dir(self) -> Path:
                return self.cache_dir / "results"


        class QueryRunner:
            def __init__(self, paths: RuntimePaths) -> None:
                self.paths = paths

            def keep(self, rows: str) -> Path:
                folder = self.paths.results_dir / "latest"
                folder.mkdir(parents=True, exist_ok=True)
                target = folder / "rows.tsv"
                target.write_text(rows)
                return target


        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        def run_query(sql: str) -> str:
            \"\"\"Rows of a read-only query, kept as a file too.\"\"\"
            return str(QueryRunner(RuntimePaths(Path.home() / ".cache" / "q")).keep(sql))
        """,
    )
    assert ("TAV403", "run_query") not in codes(path)
    assert tools(path)["run_query"].mode == "read-only"


def test_a_held_object_given_as_an_optional_keyword_only_argument_is_followed(
    tmp_path: Path,
) -> None:
    """`self._budget.touch(key)`, where `self._budget` was given as a keyword-only
    `ResultBudget | None`: its class's `touch` only reorders an in-memory LRU, not a
    store's key being touched."""
    path = server(
        tmp_path,
        """
        from collections import OrderedDict

        from mcp.types import ToolAnnotations


        class ResultBudget:
            def __init__(self) -> None:
                self._lru: OrderedDict[str, int] = OrderedDict()

            def touch(self, key: str) -> None:
                self._lru.move_to_end(key)


        class ClientState:
            def __init__(self, *, budget: ResultBudget | None = None) -> None:
                self.results: dict[str, bytes] = {}
                self._budget = budget

            def result_get(self, key: str) -> bytes | None:
                if self._budget is not None:
                    self._budget.touch(key)
                return self.results.get(key)


        STATE = ClientState(budget=ResultBudget())


        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        def get_result(backtest_id: str) -> str:
            \"\"\"A finished backtest's result.\"\"\"
            return repr(STATE.result_get(backtest_id))
        """,
    )
    assert ("TAV403", "get_result") not in codes(path)
    assert tools(path)["get_result"].mode == "read-only"


CACHE_FILE_HELPER = """
import json
from pathlib import Path

CATALOG_CACHE_FILE = Path.home() / ".config" / "council" / "models-catalog.json"


def save_catalog(entries: list, path: Path | None = None) -> bool:
    \"\"\"Persist entries to the cache file.\"\"\"
    target = path or CATALOG_CACHE_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(entries), encoding="utf-8")
    return True


@mcp.tool()
def council(question: str) -> str:
    \"\"\"Ask several models.\"\"\"
    save_catalog([question])
    return question


@mcp.tool()
def archive_answers(question: str, destination: str) -> str:
    \"\"\"Keep the answers in a file of the caller's.\"\"\"
    save_catalog([question], Path(destination))
    return destination
"""


def test_an_optional_path_or_the_servers_cache_file(tmp_path: Path) -> None:
    """`target = path or CATALOG_CACHE_FILE`, `path` defaulting to None: a caller that
    leaves it out writes the server's cache; one that gives a path of the user's writes
    there."""
    found = tools(server(tmp_path, CACHE_FILE_HELPER))
    assert found["council"].mode == "read-only", found["council"].mode_source
    assert found["archive_answers"].mode == "mutation"


def test_an_object_handed_to_a_register_function_is_its_class(tmp_path: Path) -> None:
    """`register_tools(mcp, Ledger(...))` with `def register_tools(mcp, ledger)`
    (unannotated, or `ledger: object`): the tools it defines read `ledger` from around
    them, and the value flow says it is a Ledger; its methods are followed, whatever
    their names say (`settle` writes, `balance_of` only reads)."""
    source = (
        "import json\nfrom pathlib import Path\n\n"
        "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('x')\n\n\n"
        "class Ledger:\n"
        "    def __init__(self, root: Path) -> None:\n        self.root = root\n\n"
        "    def settle(self, account: str, amount: int) -> None:\n"
        "        (self.root / account).write_text(json.dumps(amount))\n\n"
        "    def balance_of(self, account: str) -> int:\n"
        "        return int((self.root / account).read_text())\n\n\n"
        "def register_tools(app, ledger{annotation}) -> None:\n"
        "    @app.tool()\n    def transfer(account: str, amount: int) -> str:\n"
        "        \"\"\"Move an amount.\"\"\"\n        ledger.settle(account, amount)\n"
        "        return account\n\n"
        "    @app.tool()\n    def report(account: str) -> int:\n"
        "        \"\"\"An account's balance.\"\"\"\n        return ledger.balance_of(account)\n\n\n"
        "register_tools(mcp, Ledger(Path('/srv/ledger')))\n"
    )
    for annotation in ("", ": object"):
        found = tools(server(tmp_path, source.format(annotation=annotation)))
        assert found["transfer"].mode == "mutation", found["transfer"].mode_source
        assert "Ledger.settle" in found["transfer"].mode_source
        assert found["report"].mode == "read-only", found["report"].mode_source


def _command_tools(tmp_path: Path, commands: dict[str, str], parameter: str) -> dict[str, str]:
    """The mode of each tool of a server whose tool `name(parameter)` runs `command`
    with `subprocess.run` and returns its output."""
    source = "import subprocess\n\nfrom mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('x')\n"
    for name, command in commands.items():
        source += (
            f"\n\n@mcp.tool()\ndef {name}({parameter}: str) -> str:\n"
            f"    \"\"\"Ask.\"\"\"\n"
            f"    return subprocess.run({command}, capture_output=True, text=True).stdout\n"
        )
    found = tools(server(tmp_path, source))
    return {name: found[name].mode for name in commands}


def test_a_group_then_its_action_and_gh_api_get_read(tmp_path: Path) -> None:
    """`uv tool list`, `gh pr view 12`: a group of subcommands, then an action that only
    reads; `gh api repos/...` sends a GET. `uv tool install`, `gh api -X POST`, `gh api
    -f` (fields make it a POST) and `uv run` (it runs what follows) write."""
    commands = {
        "tool_list": '["uv", "tool", "list"]',
        "pr_view": '["gh", "pr", "view", number]',
        "api_get": '["gh", "api", f"repos/{number}/contents"]',
        "tool_install": '["uv", "tool", "install", number]',
        "api_post": '["gh", "api", "-X", "POST", f"repos/{number}/forks"]',
        "api_field": '["gh", "api", f"repos/{number}/issues", "-f", "title=x"]',
        "run_listing": '["uv", "run", "tool", "list"]',
    }
    modes = _command_tools(tmp_path, commands, "number")
    assert modes == {
        "tool_list": "read-only", "pr_view": "read-only", "api_get": "read-only",
        "tool_install": "mutation", "api_post": "mutation", "api_field": "mutation",
        "run_listing": "mutation",
    }


def test_a_folder_the_environment_may_move_from_the_servers_cache_is_its_own(
    tmp_path: Path,
) -> None:
    """A pacing file under the platform's cache folder, which an environment variable
    whose name says nothing may move: the server's own state wherever the operator
    puts it. A variable with a scratch default is not: it may name the user's output."""
    path = server(
        tmp_path,
        """
        import os
        from pathlib import Path

        import platformdirs
        from mcp.types import ToolAnnotations

        PACING = Path(os.environ.get("FEDERAL_PACING_DIR") or platformdirs.user_cache_path("fed"))
        EXPORTS = Path(os.getenv("EXPORT_DIR", "/tmp/exports"))


        def _write_state(stamp: float) -> None:
            PACING.mkdir(parents=True, exist_ok=True)
            (PACING / "state.json").write_text(str(stamp))


        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        def get_regulation(part: str) -> str:
            \"\"\"One part of the regulations.\"\"\"
            _write_state(1.0)
            return part


        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        def summary(part: str) -> str:
            \"\"\"A summary of one part.\"\"\"
            (EXPORTS / part).write_text(part)
            return part
        """,
    )
    found = codes(path)
    assert ("TAV403", "get_regulation") not in found
    assert ("TAV403", "summary") in found


def test_a_dispatcher_methods_branch_follows_the_methods_of_its_class(tmp_path: Path) -> None:
    """A hand-written server whose dispatcher is a method: the branch for each tool calls
    another method of the same class (`self.create_roadmap(arguments)`), which is
    followed, not judged by its name: filling a template writes nothing; deleting a file
    does."""
    path = tmp_path / "server.py"
    path.write_text(textwrap.dedent('''\
        import json
        import os
        import sys
        from typing import Any


        class LegalServer:
            def __init__(self) -> None:
                self.tools = [
                    {"name": "create_roadmap", "inputSchema": {"type": "object"}},
                    {"name": "remove_export", "inputSchema": {"type": "object"}},
                ]

            def handle_request(self, request: dict[str, Any]) -> dict[str, Any]:
                method = request.get("method")
                if method == "tools/list":
                    return {"tools": self.tools}
                if method == "tools/call":
                    params = request.get("params", {})
                    tool_name = params.get("name")
                    arguments = params.get("arguments", {})
                    if tool_name == "create_roadmap":
                        result = self.create_roadmap(arguments)
                    elif tool_name == "remove_export":
                        result = self.remove_export(arguments)
                    else:
                        result = "unknown tool"
                    return {"content": [{"type": "text", "text": result}]}
                return {}

            def create_roadmap(self, args: dict[str, Any]) -> str:
                tools = args.get("tools", [])
                return f"Roadmap for {', '.join(tools)}"

            def remove_export(self, args: dict[str, Any]) -> str:
                os.remove(args["path"])
                return "removed"


        def main() -> None:
            server = LegalServer()
            for line in sys.stdin:
                print(json.dumps(server.handle_request(json.loads(line))))


        if __name__ == "__main__":
            main()
        '''), encoding="utf-8")
    found = tools(path)
    assert (found["create_roadmap"].mode, found["create_roadmap"].mode_source) == (
        "read-only", "effects: none in the resolved call tree"
    )
    assert found["remove_export"].mode == "mutation"
    assert "os.remove()" in found["remove_export"].mode_source


def test_an_orm_session_of_the_servers_cache_database_is_its_own(tmp_path: Path) -> None:
    """A read-only tool that syncs rows into the SQLite cache the server keeps, through a
    session its cache object hands out (`async with cache.session() as session: await
    session.merge(row)`): the server's own cache, no TAV403. A session of the user's
    database still writes."""
    path = server(
        tmp_path,
        """
        from pathlib import Path

        import platformdirs
        from mcp.types import ToolAnnotations
        from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine


        class TypedCache:
            def __init__(self) -> None:
                folder = Path(platformdirs.user_cache_dir("inventory"))
                self._engine = create_async_engine(f"sqlite+aiosqlite:///{folder}/cache.db")

            def session(self) -> AsyncSession:
                return AsyncSession(self._engine)


        class Ledger:
            def __init__(self, url: str) -> None:
                self._engine = create_async_engine(url)

            def session(self) -> AsyncSession:
                return AsyncSession(self._engine)


        async def _sync_orders(cache: TypedCache, rows: list) -> None:
            async with cache.session() as session:
                for row in rows:
                    await session.merge(row)
                await session.commit()


        async def _post_payments(ledger: Ledger, rows: list) -> None:
            async with ledger.session() as session:
                for row in rows:
                    await session.merge(row)


        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        async def list_orders(status: str) -> list:
            \"\"\"Orders with a status, from the synced cache.\"\"\"
            await _sync_orders(TypedCache(), [])
            return [status]


        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
        async def list_payments(status: str) -> list:
            \"\"\"Payments with a status.\"\"\"
            await _post_payments(Ledger("postgresql://db/ledger"), [])
            return [status]
        """,
    )
    found = codes(path)
    assert ("TAV403", "list_orders") not in found
    assert ("TAV403", "list_payments") in found


def test_git_symbolic_ref_reads_the_name_it_is_given(tmp_path: Path) -> None:
    """`git symbolic-ref --short HEAD` reads the current branch; given a second name it
    points HEAD elsewhere, and `-d` deletes the reference."""
    commands = {
        "branch": '["git", "-C", path, "symbolic-ref", "--quiet", "--short", "HEAD"]',
        "point": '["git", "-C", path, "symbolic-ref", "HEAD", "refs/heads/main"]',
        "drop": '["git", "-C", path, "symbolic-ref", "-d", "HEAD"]',
    }
    assert _command_tools(tmp_path, commands, "path") == {
        "branch": "read-only", "point": "mutation", "drop": "mutation",
    }


def test_a_file_the_tool_removes_once_done_with_it_is_its_scratch(tmp_path: Path) -> None:
    """A report a command wrote, read back then removed, and a download removed in a
    `finally:` once transcribed: what the call made for itself. Removing a file the
    caller names is a write."""
    source = '''import json
import os
import subprocess

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


def _download(url: str) -> str:
    return "/tmp/" + url.rsplit("/", 1)[-1]


@mcp.tool()
def scan(repo: str) -> dict:
    """Scan a repository."""
    output_path = os.path.join(repo, ".scan", "report.json")
    subprocess.run(["scanner", "--output", output_path], check=False)
    with open(output_path, "r", encoding="utf-8") as f:
        data = json.load(f)
    os.remove(output_path)
    return data


@mcp.tool()
def transcribe(url: str) -> str:
    """Transcribe a video's audio."""
    audio_path = _download(url)
    try:
        return str(len(audio_path))
    finally:
        if os.path.exists(audio_path):
            os.remove(audio_path)


@mcp.tool()
def discard(path: str) -> str:
    """Discard a draft."""
    os.remove(path)
    return "gone"
'''
    found = tools(server(tmp_path, source))
    assert found["transcribe"].mode == "read-only"
    assert found["discard"].mode == "mutation"
    assert "scanner" in found["scan"].mode_source  # the command it runs, not the removal


def test_a_file_made_and_removed_again_leaves_nothing(tmp_path: Path) -> None:
    """`probe.touch()` then `probe.unlink()`: a test that a folder can be written leaves
    nothing behind. A file made and kept is a write."""
    source = '''from pathlib import Path

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool()
def check_folder(folder: str) -> bool:
    """Whether a folder can be written."""
    probe = Path(folder) / ".write_test"
    try:
        probe.touch()
        probe.unlink()
    except OSError:
        return False
    return True


@mcp.tool()
def mark(folder: str) -> bool:
    """Leave a marker in a folder."""
    marker = Path(folder) / ".marker"
    marker.touch()
    return True
'''
    found = tools(server(tmp_path, source))
    assert found["check_folder"].mode == "read-only"
    assert found["mark"].mode == "mutation"


def test_a_file_the_caller_names_removed_after_reading_is_a_write(tmp_path: Path) -> None:
    """Reading the file the caller names and then removing it, or removing it in a
    `finally:`, consumes what the user owns: a write."""
    source = '''import os

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool()
def ingest(path: str) -> str:
    """Load a file into the index."""
    with open(path) as f:
        text = f.read()
    os.remove(path)
    return text


@mcp.tool()
def process(path: str) -> int:
    """Count a file's lines."""
    try:
        return len(open(path).read().splitlines())
    finally:
        os.remove(path)
'''
    found = tools(server(tmp_path, source))
    assert found["ingest"].mode == "mutation"
    assert found["process"].mode == "mutation"


def test_a_screen_capture_giving_back_its_gdi_handles_only_reads(tmp_path: Path) -> None:
    """A window capture frees the device contexts and the bitmap it made (pywin32's
    `win32gui.DeleteObject`, `dc.DeleteDC()`, `win32gui.ReleaseDC`): the process's own
    memory, not a deletion of anything the user owns."""
    path = server(tmp_path, """
        import win32gui
        import win32ui

        @mcp.tool()
        def window_pixels(hwnd: int) -> bytes:
            hwnd_dc = win32gui.GetWindowDC(hwnd)
            mfc_dc = win32ui.CreateDCFromHandle(hwnd_dc)
            save_dc = mfc_dc.CreateCompatibleDC()
            bitmap = win32ui.CreateBitmap()
            try:
                return bitmap.GetBitmapBits(True)
            finally:
                win32gui.DeleteObject(bitmap.GetHandle())
                save_dc.DeleteDC()
                mfc_dc.DeleteDC()
                win32gui.ReleaseDC(hwnd, hwnd_dc)
    """)
    found = tools(path)["window_pixels"]
    assert found.mode == "read-only", found.mode_source


def test_a_figure_saved_to_a_file_is_a_write_and_to_a_buffer_is_not(tmp_path: Path) -> None:
    """matplotlib's `fig.savefig(path)` writes the chart where the path says (a file the
    tool hands back); into an `io.BytesIO()` it is the call's own scratch."""
    path = server(tmp_path, """
        import io
        from pathlib import Path

        import matplotlib.pyplot as plt

        PLOT_DIR = Path(__file__).parent / "reports" / "plots"

        @mcp.tool()
        def histogram(values: list[float]) -> str:
            fig, ax = plt.subplots()
            ax.hist(values)
            out = PLOT_DIR / "histogram.png"
            fig.savefig(out, dpi=150)
            return str(out)

        @mcp.tool()
        def histogram_png(values: list[float]) -> bytes:
            fig, ax = plt.subplots()
            ax.hist(values)
            buffer = io.BytesIO()
            fig.savefig(buffer, format="png")
            return buffer.getvalue()
    """)
    found = tools(path)
    assert found["histogram"].mode == "mutation", found["histogram"].mode_source
    assert "savefig" in found["histogram"].mode_source
    assert found["histogram_png"].mode == "read-only", found["histogram_png"].mode_source


def test_a_post_to_a_query_endpoint_through_a_helper_taking_method_and_path(
    tmp_path: Path,
) -> None:
    """`client.request("POST", f"/card/{card_id}/query")` through a client's `request(
    method, path)` helper: the caller gives both the method and the address, and a POST
    to an endpoint named for a query is a search form; to another address it writes."""
    path = server(tmp_path, """
        import httpx

        class MetabaseClient:
            def __init__(self, base_url: str):
                self.base_url = base_url
                self.client = httpx.AsyncClient()

            async def request(self, method: str, path: str, **kwargs):
                url = f"{self.base_url}/api{path}"
                response = await self.client.request(method=method, url=url, **kwargs)
                return response.json()

        client = MetabaseClient("https://metabase.example")

        @mcp.tool()
        async def execute_card(card_id: int) -> dict:
            return await client.request("POST", f"/card/{card_id}/query", json={})

        @mcp.tool()
        async def copy_card(card_id: int) -> dict:
            return await client.request("POST", f"/card/{card_id}/copy")
    """)
    found = tools(path)
    assert found["execute_card"].mode == "read-only", found["execute_card"].mode_source
    assert found["copy_card"].mode == "mutation", found["copy_card"].mode_source
    assert "HTTP POST" in found["copy_card"].mode_source
