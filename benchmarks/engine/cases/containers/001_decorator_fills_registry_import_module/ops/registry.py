from typing import Callable

TOOLS: list[Callable] = []


def register(fn: Callable) -> Callable:
    TOOLS.append(fn)
    return fn
