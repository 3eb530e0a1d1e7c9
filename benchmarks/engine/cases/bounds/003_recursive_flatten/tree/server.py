from pathlib import Path

from mcp.server.fastmcp import FastMCP


def read_file(path: str) -> str:
    return Path(path).read_text()


def write_file(path: str, text: str) -> int:
    return Path(path).write_text(text)


def delete_file(path: str) -> None:
    Path(path).unlink()


GROUPS = [read_file, [write_file, [delete_file]]]


def flatten(items: list) -> list:
    out = []
    for item in items:
        if isinstance(item, list):
            out.extend(flatten(item))
        else:
            out.append(item)
    return out


mcp = FastMCP("tree")
for fn in flatten(GROUPS):
    mcp.add_tool(fn)
