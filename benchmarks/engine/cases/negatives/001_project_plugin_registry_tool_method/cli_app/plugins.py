from typing import Callable


class PluginRegistry:
    def __init__(self) -> None:
        self.commands: dict[str, Callable] = {}

    def tool(self, name: str):
        def add(fn: Callable) -> Callable:
            self.commands[name] = fn
            return fn
        return add


plugins = PluginRegistry()


@plugins.tool("compress")
def compress(path: str) -> str:
    return path + ".gz"
