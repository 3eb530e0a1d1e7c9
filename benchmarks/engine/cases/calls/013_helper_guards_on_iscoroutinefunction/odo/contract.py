import functools
import inspect
from collections.abc import Callable
from typing import Any

from mcp.server import MCPServer


def add_tool(server: MCPServer, fn: Callable[..., Any], *, returns: str) -> None:
    """Register `fn` under its own name; a coroutine is refused (the server runs tools in
    a thread here)."""
    if inspect.iscoroutinefunction(fn):
        raise TypeError(f"{fn.__name__}: a tool is a plain function")

    @functools.wraps(fn)
    def tool(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    server.add_tool(tool, description=returns)
