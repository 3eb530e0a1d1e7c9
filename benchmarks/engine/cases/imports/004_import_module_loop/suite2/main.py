import importlib

from suite2.server import mcp

PLUGINS = ["weather", "news"]

for plugin in PLUGINS:
    importlib.import_module(f"suite2.plugins.{plugin}")

mcp.run()
