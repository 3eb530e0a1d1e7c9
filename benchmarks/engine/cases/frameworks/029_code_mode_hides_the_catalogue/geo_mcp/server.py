from fastmcp import FastMCP
from fastmcp.experimental.transforms.code_mode import CodeMode

from geo_mcp.tools.shapes import register_shape_tools


def code_mode() -> CodeMode:
    return CodeMode(max_tool_calls=20)


mcp = FastMCP("geo", transforms=[code_mode()])


@mcp.tool()
def buffer_polygon(wkt: str, distance: float) -> str:
    """Buffer a polygon."""
    return wkt


register_shape_tools(mcp)
