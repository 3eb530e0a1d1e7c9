from fastmcp import FastMCP


def register_shape_tools(mcp: FastMCP) -> None:
    @mcp.tool()
    def polygon_area(wkt: str) -> float:
        """The area of a polygon."""
        return float(len(wkt))
