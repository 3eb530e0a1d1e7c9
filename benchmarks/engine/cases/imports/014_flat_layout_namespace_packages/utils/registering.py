import functools


def with_logging(func):
    @functools.wraps(func)
    async def logged(*args, **kwargs):
        return await func(*args, **kwargs)

    return logged


def fleet_tool(description):
    def decorator(func):
        from server import mcp  # late: the server module reads its settings first

        return mcp.tool(description=description)(with_logging(func))

    return decorator
