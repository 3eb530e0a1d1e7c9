import time

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("cache")
_seen: dict[str, tuple[float, str]] = {}


def cached(fn):
    def inner(key: str) -> str:
        if key not in _seen or time.time() - _seen[key][0] > 60:
            _seen[key] = (time.time(), fn(key))
        return _seen[key][1]
    return inner


@mcp.tool(name="lookup_dns")
@cached
def lookup(key: str) -> str:
    return key
