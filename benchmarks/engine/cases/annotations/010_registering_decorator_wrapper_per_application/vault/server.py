import functools

from mcp.server.fastmcp import FastMCP

from .presets import DESTRUCTIVE, READ_ONLY

mcp = FastMCP("vault")


def with_errors(func):
    @functools.wraps(func)
    async def guarded(*args, **kwargs):
        try:
            return await func(*args, **kwargs)
        except OSError as error:
            return {"error": str(error)}

    return guarded


def vault_tool(annotations):
    def decorator(func):
        guarded = with_errors(func)
        return mcp.tool(annotations=annotations)(guarded)

    return decorator


@vault_tool(READ_ONLY)
async def read_secret(path: str) -> dict:
    return {"path": path}


@vault_tool(DESTRUCTIVE)
async def destroy_secret(path: str) -> dict:
    return {"destroyed": path}
