"""Projects whose code makes the SDK's argument models forbid extra keys."""

from __future__ import annotations

from pathlib import Path

from toolargs.analysis import analyze_source
from toolargs.config import Config
from toolargs.discovery.project import package_files

SERVER = '''\
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

from .validation import configure

server = FastMCP("notes")


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
def list_notes(folder: str) -> list[str]:
    return []


@server.tool(annotations=ToolAnnotations(readOnlyHint=False))
def delete_note(note_id: str) -> str:
    return "deleted"


for tool in server._tool_manager.list_tools():
    configure(tool)
'''

VALIDATION = '''\
def configure(tool):
    model = tool.fn_metadata.arg_model
    model.model_config = {**model.model_config, "extra": "forbid"}
    model.model_rebuild(force=True)
'''


def _codes(root: Path) -> list[tuple[int, str]]:
    """(line, code) of every finding on the server module."""
    path = root / "server.py"
    report = analyze_source(path.read_text(), str(path), Config())
    return sorted((d.line, d.code) for d in report.diagnostics)


def _package(root: Path, files: dict[str, str]) -> Path:
    root.mkdir()
    (root / "__init__.py").write_text("")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def test_a_model_config_that_forbids_makes_read_only_tools_reject(tmp_path: Path) -> None:
    root = _package(tmp_path / "notes", {"server.py": SERVER, "validation.py": VALIDATION})
    # Once, on the server (line 6), for list_notes; delete_note is strict.
    assert _codes(root) == [(6, "TAV503")]


def test_without_it_the_sdk_drops_them(tmp_path: Path) -> None:
    lenient = VALIDATION.replace('"extra": "forbid"', '"extra": "ignore"')
    root = _package(tmp_path / "notes", {"server.py": SERVER, "validation.py": lenient})
    assert _codes(root) == [(6, "TAV501")]  # the server drops them for both tools


def test_only_the_checked_files_package_is_read(tmp_path: Path) -> None:
    _package(tmp_path / "other", {"validation.py": VALIDATION})
    root = _package(
        tmp_path / "notes", {"server.py": SERVER, "validation.py": "def configure(tool): ...\n"}
    )
    assert _codes(root) == [(6, "TAV501")]
    assert package_files(root / "server.py", ("fn_metadata",)) == ()
    loose = tmp_path / "loose.py"
    loose.write_text(VALIDATION)
    assert package_files(loose, ("fn_metadata",)) == (str(loose.resolve()),)
    beside = tmp_path / "beside.py"
    beside.write_text(VALIDATION)
    assert package_files(loose, ("fn_metadata",)) == (str(loose.resolve()),)  # read once
    assert package_files(loose, ("fn_metadata",), loose="folder") == (
        str(beside.resolve()),
        str(loose.resolve()),
        str((tmp_path / "other" / "validation.py").resolve()),  # the folder, all of it
    )
