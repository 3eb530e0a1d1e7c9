from typing import Callable


class Registry:
    def __init__(self) -> None:
        self.functions: list[Callable] = []

    def tool(self, fn: Callable) -> Callable:
        self.functions.append(fn)
        return fn


registry = Registry()
