import sys

from fastmcp import FastMCP

from .tools import enabled_tools


class BackendPool:
    def __init__(self, tools):
        self._tools = tools

    @property
    def tools(self):
        return self._tools

    async def run(self, name, params):
        spec = next(t for t in self._tools if t.name == name)
        return await spec.handler(None, params)


def _handler_for(pool, name):
    async def handler(**params):
        return await pool.run(name, params)

    return handler


def create_server(caps):
    pool = BackendPool(enabled_tools(caps))
    app = FastMCP("browser")
    for spec in pool.tools:
        app.tool(name=spec.name)(_handler_for(pool, spec.name))
        if spec.confirmable:
            app.tool(name=spec.confirm_name)(_handler_for(pool, spec.name))
    return app


def main():
    create_server(sys.argv[1:]).run()
