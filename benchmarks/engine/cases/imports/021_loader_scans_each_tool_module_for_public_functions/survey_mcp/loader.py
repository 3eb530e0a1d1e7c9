import importlib
import inspect
import os


class ToolLoader:
    def __init__(self, module_name):
        self._tools = {}
        self._module = importlib.import_module(module_name)
        for name, obj in inspect.getmembers(self._module):
            if (
                inspect.isfunction(obj)
                and not name.startswith("_")
                and obj.__module__ == self._module.__name__
            ):
                self._tools[name] = obj

    def get_tools(self):
        return self._tools


def register_tools(tools_path, base, register_func):
    for item in os.listdir(tools_path):
        if item.startswith("_") or not item.endswith(".py"):
            continue
        module_name = os.path.splitext(os.path.basename(item))[0]
        loader = ToolLoader(f"{base}.{module_name}")
        for name, func in loader.get_tools().items():
            register_func(func)
