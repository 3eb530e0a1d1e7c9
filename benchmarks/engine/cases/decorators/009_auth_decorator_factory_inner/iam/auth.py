import functools


def requires_scope(scope: str):
    def decorator(fn):
        @functools.wraps(fn)
        async def wrapper(*args, **kwargs):
            if scope not in current_scopes():
                raise PermissionError(scope)
            return await fn(*args, **kwargs)
        return wrapper
    return decorator


def current_scopes() -> set[str]:
    return {"admin"}
