from mcp.server.fastmcp import FastMCP


class AppContext:
    def __init__(self) -> None:
        self._server = FastMCP("maps")

    @property
    def server(self) -> FastMCP:
        return self._server


context = AppContext()
