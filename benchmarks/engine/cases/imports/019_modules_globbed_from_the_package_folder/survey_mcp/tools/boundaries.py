def register(mcp) -> None:
    @mcp.tool(name="move_boundary_marker")
    def move_marker(marker_id: str, east: float, north: float) -> str:
        """Record a surveyed marker's new position."""
        return f"{marker_id} at {east},{north}"
