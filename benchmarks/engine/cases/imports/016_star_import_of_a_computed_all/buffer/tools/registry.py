from typing import Any, Callable

REGISTERED: list[tuple[str, Callable[..., Any]]] = []


def register(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def decorator(function: Callable[..., Any]) -> Callable[..., Any]:
        REGISTERED.append((name, function))
        return function

    return decorator
