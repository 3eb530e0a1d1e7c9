from typing import Any, Callable, ClassVar


class Tool:
    all: ClassVar[list["Tool"]] = []

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.name = fn.__name__
        Tool.all.append(self)
