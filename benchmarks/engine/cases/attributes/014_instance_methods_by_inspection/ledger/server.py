import inspect

from fastmcp import FastMCP

from ledger.tools import ReadTools, WriteTools

server = FastMCP("ledger")


def _register(cls: type) -> int:
    instance = cls()
    count = 0
    for name, method in inspect.getmembers(instance, predicate=inspect.ismethod):
        if name.startswith("_"):
            continue
        if not inspect.iscoroutinefunction(method):
            continue
        server.tool(method)
        count += 1
    return count


registered = _register(ReadTools) + _register(WriteTools)
