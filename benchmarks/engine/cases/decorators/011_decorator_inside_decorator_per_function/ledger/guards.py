import functools


def reported(fn):
    @functools.wraps(fn)
    async def wrapper(*args, **kwargs):
        try:
            return await fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001
            return {"error": str(exc)}
    return wrapper


def needs_write_access(fn):
    name = fn.__name__

    @reported
    @functools.wraps(fn)
    async def wrapper(*args, **kwargs):
        if READ_ONLY:
            raise PermissionError(f"{name} is disabled in read-only mode")
        return await fn(*args, **kwargs)
    return wrapper


READ_ONLY = False
