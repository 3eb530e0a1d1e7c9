from typing import Any, Iterable

from fastmcp import FastMCP


class LeafMCP(FastMCP):
    def __init__(self, backend: Any, **kwargs: Any) -> None:
        super().__init__(name="leaf", **kwargs)
        self._backend = backend
        self._register_tools()

    def _register_tools(self) -> None:
        @self.tool(name="status")
        def status() -> str:
            return "ok"

    def _register_domain_tools(self, tools: Iterable[Any]) -> None:
        for tool in tools:
            self._register_one(tool)

    def _register_one(self, tool: Any) -> None:
        impl = tool.impl

        def guarded(**kwargs: Any) -> Any:
            return impl(self._backend, **kwargs)

        self.tool(name=tool.name, description=tool.description)(guarded)
