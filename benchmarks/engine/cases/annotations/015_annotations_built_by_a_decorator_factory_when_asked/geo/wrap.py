import functools
from typing import Callable

from mcp.types import ToolAnnotations

from geo.app import geo


def gis_tool(*, title: str | None = None, read_only: bool | None = None) -> Callable:
    annotations = None
    if title is not None or read_only is not None:
        annotations = ToolAnnotations(readOnlyHint=bool(read_only))

    def decorator(func: Callable) -> Callable:
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            return func(*args, **kwargs)

        return geo.tool(title=title, annotations=annotations)(wrapper)

    return decorator
