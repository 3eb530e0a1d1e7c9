import functools
from typing import Any, Callable, TypeVar

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

mcp = MCPServer("dbg")
F = TypeVar("F", bound=Callable[..., Any])


def tool(fn: F) -> F:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except KeyError as error:
            raise ToolError(str(error)) from error

    mcp.tool()(wrapper)
    return fn


@tool
def read_registers(session: str) -> dict[str, int]:
    return {"pc": 0}


@tool
def write_memory(session: str, address: int, data: str) -> str:
    return "ok"
