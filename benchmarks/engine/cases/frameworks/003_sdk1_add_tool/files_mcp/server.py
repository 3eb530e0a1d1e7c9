from pathlib import Path

from mcp.server.fastmcp import FastMCP

ROOT = Path.home() / "shared"


def list_files(folder: str = ".") -> list[str]:
    return sorted(p.name for p in (ROOT / folder).iterdir())


def read_text(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


server = FastMCP("files")
server.add_tool(list_files)
server.add_tool(read_text, name="read_file", description="Read a UTF-8 file")
