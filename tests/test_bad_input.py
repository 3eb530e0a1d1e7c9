"""Bad input costs one clear line, never the process: DESIGN.md section 8.

Every hostile file is checked next to a server with a known finding, through the CLI and
through flake8, in subprocesses with a timeout: a crash of the native parser (a segfault)
or a hang would otherwise take the whole run, and its other files' findings, with it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from toolargs.analysis import analyze_source
from toolargs.config import Config
from toolargs.source import MAX_DEPTH, SourceError, decode, guard, nesting_depth

TIMEOUT = 120  # seconds; the slowest case takes a few, a hang takes forever

# A decorated dict-style read-only tool of a home-grown registry (no framework acts before
# it) that never collects unknown args: TAV101 on line 7.
SERVER = textwrap.dedent(
    '''\
    from notes.registry import tool

    SCHEMA = {"type": "object", "properties": {"query": {"type": "string"}}}


    @tool("search_notes", input_schema=SCHEMA, annotations={"readOnlyHint": True})
    def search_notes(arguments: dict) -> dict:
        """Search notes."""
        query = arguments.get("query", "")
        return {"results": [query]}
    '''
)
SERVER_FINDING = "server.py:7:5: TAV101"


def chain(operator: str, terms: int) -> str:
    return "y = " + f" {operator} ".join(["x"] * terms) + "\n"


@dataclass(frozen=True)
class Case:
    name: str
    data: bytes
    judged: bool  # the CLI gives a result (exit 0/1); otherwise exactly one error line
    error: str = ""  # what the CLI's error line says, when not judged
    tool_line: int | None = None  # where its own TAV101 is reported, when judged


# The server header makes each file pass the textual prefilter, so that it is parsed.
HEADER = SERVER.encode()
CASES = [
    Case("syntax_error", HEADER + b"def broken(:\n    pass\n", False, "cannot parse"),
    Case("undecodable", HEADER + b"x = '\xff\xfe'\n", False, "cannot decode"),
    Case(
        "undecodable_utf8_cookie",
        b"# -*- coding: utf-8 -*-\n" + HEADER + b"x = '\xff'\n",
        False,
        "cannot decode",
    ),
    Case("unknown_cookie", b"# coding: klingon\n" + HEADER, False, "cannot decode"),
    Case(
        "latin1_cookie",
        b"# -*- coding: latin-1 -*-\n" + HEADER + b"x = '\xff'\n",
        True,
        tool_line=8,  # the cookie line moves the tool down by one
    ),
    Case("nul_byte", HEADER + b"x = 1\x00\n", False, "cannot parse"),
    Case("empty", b"", True),
    Case("only_bom", b"\xef\xbb\xbf", True),
    Case(
        "one_megabyte",
        HEADER + b'DATA = """\n' + b"lorem ipsum dolor sit amet\n" * 40_000 + b'"""\n',
        True,
        tool_line=7,
    ),
    # The native parser segfaults on these, or takes minutes: the guard refuses them.
    Case("plus_chain", HEADER + chain("+", 10_000).encode(), False, "nesting too deep"),
    Case("and_chain", HEADER + chain("and", 10_000).encode(), False, "nesting too deep"),
    Case("attribute_chain", HEADER + b"y = x" + b".a" * 10_000 + b"\n", False, "nesting too deep"),
    Case("call_chain", HEADER + b"y = f" + b"()" * 5_000 + b"\n", False, "nesting too deep"),
    Case(
        "nested_parentheses",
        HEADER + b"y = " + b"(" * 3_000 + b"1" + b")" * 3_000 + b"\n",
        False,
        "nesting too deep",
    ),
    Case(
        "nested_lists", HEADER + b"y = " + b"[" * 1_000 + b"]" * 1_000 + b"\n", False, "too deep"
    ),
    Case(
        "nested_calls",
        HEADER + b"y = " + b"f(" * 1_000 + b"1" + b")" * 1_000 + b"\n",
        False,
        "nesting too deep",
    ),
    Case(
        "nested_ifs",
        HEADER + "".join(" " * i + "if x:\n" for i in range(150)).encode() + b" " * 150 + b"y\n",
        False,
        "",  # the guard or the parser's indentation limit: either is one clear line
    ),
]


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=env,
    )


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "server.py").write_text(SERVER, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_cli_judges_or_names_the_bad_file_and_keeps_the_others(case: Case, workdir: Path) -> None:
    bad = f"{case.name}.py"
    (workdir / bad).write_bytes(case.data)
    result = run(["toolargs", "check", "server.py", bad], workdir)
    assert "Traceback" not in result.stderr
    assert SERVER_FINDING in result.stdout, "the other file's findings must survive"
    if case.judged:
        assert result.returncode == 1, result.stderr
        assert result.stderr == ""
        if case.tool_line is not None:
            assert f"{bad}:{case.tool_line}:5: TAV101" in result.stdout
    else:
        assert result.returncode == 2, result.stdout
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(bad), result.stderr
        assert case.error in lines[0]


# flake8 parses with `ast` before any plugin runs: a file `ast` rejects is flake8's E999
# (and flake8 itself raises on `ast`'s RecursionError, a 10 000-term `+` chain, as pyflakes
# does on a long attribute chain), so these are the cases that reach the plugin, or that
# the plugin must stay silent on.
FLAKE8_CASES = [
    c for c in CASES if c.name in {"syntax_error", "nul_byte", "empty", "latin1_cookie"}
]
FLAKE8_TOO_DEEP = {
    "and_chain": HEADER + chain("and", 10_000).encode(),  # `ast` is fine; libcst segfaults
    # flat for `ast`, 2 500 levels deep for libcst
    "string_concatenation": HEADER + b"y = " + b'"a" ' * 2_500 + b"\n",
}


def flake8(workdir: Path, *files: str) -> subprocess.CompletedProcess[str]:
    return run(["flake8", "--isolated", "--select", "TAV", *files], workdir)


@pytest.mark.parametrize("case", FLAKE8_CASES, ids=[c.name for c in FLAKE8_CASES])
def test_flake8_keeps_other_files_findings(case: Case, workdir: Path) -> None:
    bad = f"{case.name}.py"
    (workdir / bad).write_bytes(case.data)
    result = flake8(workdir, "server.py", bad)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1
    assert SERVER_FINDING in result.stdout
    if case.tool_line is not None:
        assert f"{bad}:{case.tool_line}:5: TAV101" in result.stdout
    elif not case.judged:
        assert bad not in result.stdout  # flake8 reports E999 itself (not selected here)


@pytest.mark.parametrize("name", sorted(FLAKE8_TOO_DEEP))
def test_flake8_reports_a_too_deep_file_in_one_line(name: str, workdir: Path) -> None:
    bad = f"{name}.py"
    (workdir / bad).write_bytes(FLAKE8_TOO_DEEP[name])
    result = flake8(workdir, "server.py", bad)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1
    assert SERVER_FINDING in result.stdout
    about_bad = [line for line in result.stdout.splitlines() if bad in line]
    assert len(about_bad) == 1 and "nesting too deep" in about_bad[0], result.stdout


# --- Line endings, BOM and tabs change nothing in what is found, nor where.


def variants() -> dict[str, bytes]:
    lf = SERVER.encode()
    lines = lf.splitlines(keepends=True)
    return {
        "crlf": lf.replace(b"\n", b"\r\n"),
        "bom": b"\xef\xbb\xbf" + lf,
        "bom_crlf": b"\xef\xbb\xbf" + lf.replace(b"\n", b"\r\n"),
        "mixed": b"".join(
            line.replace(b"\n", b"\r\n") if i % 2 else line for i, line in enumerate(lines)
        ),
        "tabs": lf.replace(b"    ", b"\t"),
    }


Findings = dict[str, list[Any]]  # file name -> its findings, sorted


def cli_findings(workdir: Path, *names: str) -> Findings:
    result = run(["toolargs", "check", "--format", "json", *names], workdir)
    assert result.returncode in (0, 1) and "Traceback" not in result.stderr, result.stderr
    found: Findings = {name: [] for name in names}
    for d in json.loads(result.stdout):
        found[d["path"]].append((d["line"], d["col"], d["code"]))
    return {name: sorted(items) for name, items in found.items()}


def flake8_findings(workdir: Path, *names: str) -> Findings:
    result = flake8(workdir, *names)
    assert "Traceback" not in result.stderr, result.stderr
    found: Findings = {name: [] for name in names}
    for line in result.stdout.splitlines():
        path, position = line.split(":", 1)
        found[path].append(position)
    return {name: sorted(items) for name, items in found.items()}


@pytest.fixture(scope="module")
def judged_variants(tmp_path_factory: pytest.TempPathFactory) -> tuple[Findings, Findings]:
    """The CLI's and flake8's findings: for the LF original, checked alone, and for every
    variant, checked together (one process each, not one per variant)."""
    workdir = tmp_path_factory.mktemp("variants")
    (workdir / "server.py").write_text(SERVER, encoding="utf-8")
    names = []
    for variant, data in sorted(variants().items()):
        names.append(f"{variant}.py")
        (workdir / names[-1]).write_bytes(data)
    cli = {**cli_findings(workdir, "server.py"), **cli_findings(workdir, *names)}
    flake8 = {**flake8_findings(workdir, "server.py"), **flake8_findings(workdir, *names)}
    return cli, flake8


@pytest.mark.parametrize("variant", sorted(variants()))
def test_line_endings_bom_and_tabs_are_judged_like_the_lf_original(
    variant: str, judged_variants: tuple[Findings, Findings]
) -> None:
    cli, flake8 = judged_variants
    assert (7, 5, "TAV101") in cli["server.py"]
    assert cli[f"{variant}.py"] == cli["server.py"]
    assert flake8[f"{variant}.py"] == flake8["server.py"]


# --- The guard itself.


def test_decode_strips_the_bom_and_honours_the_cookie() -> None:
    assert decode(b"\xef\xbb\xbfx = 1\n", "f.py") == "x = 1\n"
    assert decode(b"# coding: latin-1\nx = '\xe9'\n", "f.py").endswith("x = '\u00e9'\n")
    with pytest.raises(SourceError, match=r"^f\.py: cannot decode"):
        decode(b"x = '\xff'\n", "f.py")


@pytest.mark.parametrize(
    "source, depth",
    [
        ("x = 1\n", 0),
        (chain("+", 50), 49),
        (chain("and", 50), 49),
        ("y = x" + ".a" * 30 + "\n", 30),
        ("y = [[[]]]\n", 6),  # two units per bracket
        ("if a:\n    if b:\n        pass\n", 6),  # three units per indentation level
        ('y = "a" "b" "c"\n', 2),  # implicit concatenation nests too
        ("f(a + b, c + d)\n", 4),  # a comma ends a chain: the call, the bracket, one `+`
    ],
)
def test_nesting_depth_counts_chains_brackets_and_blocks(source: str, depth: int) -> None:
    assert nesting_depth(source)[0] == depth


def test_brackets_and_operators_in_strings_and_comments_do_not_count() -> None:
    source = 'x = "((((" + \'[[[[\'  # ((((((\ny = """\n)))) + + +\n"""\n'
    assert nesting_depth(source)[0] == 1
    assert nesting_depth(source.replace("\n", "\r\n"))[0] == 1


def test_guard_names_the_file_the_line_and_the_limit() -> None:
    source = "x = 1\n\n" + chain("+", MAX_DEPTH + 100)
    with pytest.raises(SourceError) as raised:
        guard(source, "deep.py")
    assert str(raised.value) == (
        f"deep.py:3:1: nesting too deep to analyse (depth {MAX_DEPTH + 99} > {MAX_DEPTH})"
    )
    guard(chain("+", MAX_DEPTH + 1), "fine.py")  # at the limit: analysed


def test_guard_accepts_every_module_of_this_project() -> None:
    for path in Path(__file__).parents[1].joinpath("src", "toolargs").rglob("*.py"):
        assert nesting_depth(path.read_text(encoding="utf-8"))[0] < MAX_DEPTH // 4, path


def test_analysis_turns_a_recursion_error_into_one_finding_not_an_exception(
    tmp_path: Path,
) -> None:
    # Within the guard's limit, under a recursion limit far lower than the real one: the
    # analysis runs out of stack (the code generation that positions the tool recurses
    # through the chain in its decorator), and must still return a report.
    script = tmp_path / "low_limit.py"
    decorator = '@tool("search_notes", input_schema=SCHEMA, annotations={"readOnlyHint": True})'
    deep = decorator[:-1] + ", meta=" + chain("+", 300)[4:-1] + ")"
    source = SERVER.replace(decorator, deep)
    assert source != SERVER
    script.write_text(
        "import sys\n"
        "from toolargs.analysis import analyze_source\n"
        "from toolargs.config import Config\n"
        f"source = {source!r}\n"
        "sys.setrecursionlimit(150)\n"
        "report = analyze_source(source, 'deep.py', Config())\n"
        "sys.setrecursionlimit(1000)\n"
        "print(report.error or [d.code for d in report.diagnostics])\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=TIMEOUT
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "TAV999" in result.stdout or "deep" in result.stdout


def test_analyze_source_never_raises_on_the_bad_cases() -> None:
    for case in CASES:
        if len(case.data) > 100_000 or "chain" in case.name or "nested" in case.name:
            continue  # those run in subprocesses above: a crash there is a failed test
        try:
            text = decode(case.data, case.name)
        except SourceError:
            continue
        report = analyze_source(text, f"{case.name}.py", Config())
        assert "TAV999" not in {d.code for d in report.diagnostics}, case.name


# --- The analysed code is read, never imported or run.

HOSTILE_PACKAGE = {
    "__init__.py": "from pathlib import Path\nPath({marker!r}).touch()\n",
    "schemas.py": (
        "from pathlib import Path\nPath({marker!r}).touch()\n"
        'SEARCH_SCHEMA = {{"type": "object", "properties": {{"query": {{}}}}}}\n'
    ),
    "server.py": textwrap.dedent(
        """\
        from pathlib import Path
        from mcp.server.fastmcp import FastMCP

        from .schemas import SEARCH_SCHEMA

        Path({marker!r}).touch()
        mcp = FastMCP("hostile")


        def touch(*args, **kwargs):
            Path({marker!r}).touch()
            return lambda fn: fn


        @touch()
        @mcp.tool(input_schema=SEARCH_SCHEMA)
        def search(arguments: dict = touch()) -> dict:
            Path({marker!r}).touch()
            return {{"results": []}}


        if __name__ == "__main__":
            Path({marker!r}).touch()
        """
    ),
}


def test_no_front_end_imports_or_runs_the_analysed_code(tmp_path: Path) -> None:
    marker = tmp_path / "executed"
    package = tmp_path / "hostile"
    package.mkdir()
    for name, template in HOSTILE_PACKAGE.items():
        (package / name).write_text(template.format(marker=str(marker)), encoding="utf-8")
    found = run(["toolargs", "check", "hostile"], tmp_path)
    assert "hostile/server.py" in found.stdout, found.stdout + found.stderr  # it was analysed
    run(["toolargs", "audit", "--format", "json", "hostile"], tmp_path)
    run(["flake8", "--isolated", "--select", "TAV", "hostile"], tmp_path)
    run(["toolargs", "fix", "--diff", "hostile"], tmp_path)
    run(["toolargs", "fix", "hostile"], tmp_path)
    assert not marker.exists()
    # The probe works: importing the package does create the marker.
    subprocess.run([sys.executable, "-c", "import hostile"], cwd=tmp_path, timeout=TIMEOUT)
    assert marker.exists()
