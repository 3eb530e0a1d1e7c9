from chuk_mcp_server.types import ToolHandler


def register_tools(mcp) -> None:
    @mcp.tool
    def list_berths(harbour: str) -> list[str]:
        """The berths of a harbour."""
        return [harbour]

    @mcp.tool("arrivals")
    def list_arrivals(day: str) -> list[str]:
        """Arrivals on a day."""
        return [day]

    def assign(harbour: str, berth: str) -> str:
        """Put a vessel in a berth."""
        return berth

    def vacate(harbour: str, berth: str) -> str:
        """Empty a berth."""
        return berth

    mcp.register_function_as_tool(assign, name="assign_berth")
    mcp.add_tool(ToolHandler.from_function(vacate, name="vacate_berth"))
