import redis
from mcp.server.fastmcp import FastMCP

r = redis.Redis()
mcp = FastMCP("redis")


def register_all(*functions) -> None:
    for fn in functions:
        mcp.add_tool(fn)


def redis_get(key: str) -> str | None:
    value = r.get(key)
    return value.decode() if value else None


def redis_set(key: str, value: str) -> bool:
    return bool(r.set(key, value))


register_all(redis_get, redis_set)
