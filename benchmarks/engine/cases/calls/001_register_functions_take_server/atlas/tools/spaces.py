def register(mcp) -> None:
    @mcp.tool()
    def list_spaces() -> list[str]:
        return []
