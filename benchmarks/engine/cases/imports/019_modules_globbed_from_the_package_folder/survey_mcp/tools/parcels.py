def register(mcp) -> None:
    @mcp.tool
    def find_parcel(owner: str, max_results: int = 10) -> list[str]:
        """Parcels held by an owner."""
        return [owner][:max_results]
