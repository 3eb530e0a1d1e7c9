from typing import Callable

REGISTRY: dict[str, Callable] = {}


def tool_def(name: str) -> Callable[[Callable], Callable]:
    def mark(fn: Callable) -> Callable:
        REGISTRY[name] = fn
        return fn
    return mark
