import functools
import time
from typing import Any, Callable


def _timed(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def decorator(function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                print(name, time.perf_counter() - started)

        return wrapper

    return decorator


_BUFFERS: dict[str, list[str]] = {}

__all__ = [name for name in globals() if not name.startswith("__")]
