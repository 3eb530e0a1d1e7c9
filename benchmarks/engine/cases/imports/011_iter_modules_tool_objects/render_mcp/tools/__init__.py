"""One module per tool: its `run` is the tool, its name the tool's name."""
import importlib
import pkgutil

from mcp.server.mcpserver.tools import Tool


def load_all() -> list:
    loaded = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        loaded[info.name] = Tool.from_function(
            module.run, name=info.name, annotations=module.ANNOTATIONS
        )
    return list(loaded.values())
