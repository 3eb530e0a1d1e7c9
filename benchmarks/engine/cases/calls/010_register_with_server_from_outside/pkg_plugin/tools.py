def register(mcp) -> None:
    @mcp.tool()
    def plugin_status() -> dict:
        return {"ok": True}
