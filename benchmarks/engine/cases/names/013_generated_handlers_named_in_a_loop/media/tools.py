from typing import Any, Callable

from .client import call_backend

# One row per tool: the listed name, its risk, and the backend route it calls.
ACTIONS = (
    ("albums", "read", "GET", "/albums"),
    ("album", "read", "GET", "/albums/{id}"),
    ("album_title", "write", "PATCH", "/albums/{id}"),
    ("album_cover", "write", "PUT", "/albums/{id}/cover"),
)


def register_catalog_tools(server: Any, *, read_only: Any, write_action: Any) -> None:
    """One generated function per row, named by the row."""

    def make_tool(method: str, path: str) -> Callable[..., dict[str, Any]]:
        def invoke(**values: Any) -> dict[str, Any]:
            return call_backend(method, path, values)

        return invoke

    for name, risk, method, path in ACTIONS:
        handler = make_tool(method, path)
        handler.__name__ = name
        server.tool(
            name=name, annotations=read_only if risk == "read" else write_action
        )(handler)
