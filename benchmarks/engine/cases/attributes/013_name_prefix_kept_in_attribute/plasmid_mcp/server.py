from typing import Optional

from fastmcp import FastMCP


class PlasmidMCP(FastMCP):
    """The plasmid tools; a subclass may pass another prefix."""

    def __init__(self, name: str = "Plasmid server", prefix: str = "lab_", **kwargs):
        super().__init__(name=name, **kwargs)
        self.prefix = prefix
        self._register_tools()

    def _register_tools(self) -> None:
        @self.tool(name=f"{self.prefix}search_plasmids", description="Search plasmids.")
        async def search_plasmids_tool(query: Optional[str] = None, page_size: int = 20) -> dict:
            return await self.search(query, page_size)

        @self.tool(name=f"{self.prefix}get_sequence", description="A plasmid's sequence.")
        async def get_sequence_tool(plasmid_id: int) -> dict:
            return await self.sequence(plasmid_id)

    async def search(self, query: Optional[str], page_size: int) -> dict:
        return {"query": query, "page_size": page_size, "results": []}

    async def sequence(self, plasmid_id: int) -> dict:
        return {"id": plasmid_id, "sequence": ""}

    @property
    def tool_prefix(self) -> str:
        return self.prefix


def cli_app(host: str = "0.0.0.0", port: int = 3001) -> None:
    """Console script: streamable HTTP."""
    mcp = PlasmidMCP()
    mcp.run(transport="streamable-http", host=host, port=port)
