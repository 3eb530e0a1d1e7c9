from loop.a import *  # noqa: F403

__all__ = ["ping"]


@mcp.tool  # noqa: F405
def ping() -> str:
    return "pong"
