from dataclasses import dataclass
from typing import Any, Callable

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations


@dataclass(frozen=True)
class Spec:
    fn: Callable[..., Any]
    writes: bool


def page_tree(site: str) -> list[str]:
    return []


def page_publish(site: str, page: str) -> str:
    return page


SPECS = [Spec(page_tree, writes=False), Spec(page_publish, writes=True)]

mcp = FastMCP("cms")
for spec in SPECS:
    mcp.add_tool(spec.fn, annotations=ToolAnnotations(readOnlyHint=not spec.writes))
