from mcp.server.fastmcp import FastMCP


def register(mcp: FastMCP) -> None:
    @mcp.tool()
    def get_page(page_id: str) -> dict:
        return {"id": page_id}

    @mcp.tool()
    def update_page(page_id: str, body: str) -> bool:
        return True
