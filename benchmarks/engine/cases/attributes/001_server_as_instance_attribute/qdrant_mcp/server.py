from mcp.server.fastmcp import FastMCP


class QdrantTools:
    def __init__(self, url: str) -> None:
        self.url = url
        self.mcp = FastMCP("qdrant")
        self._register_tools()

    def _register_tools(self) -> None:
        self.mcp.add_tool(self.qdrant_find, name="qdrant-find")
        self.mcp.add_tool(self.qdrant_store, name="qdrant-store")

    async def qdrant_find(self, query: str) -> list[str]:
        return []

    async def qdrant_store(self, information: str) -> str:
        return "stored"


app = QdrantTools("http://localhost:6333")
mcp = app.mcp
