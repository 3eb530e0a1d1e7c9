from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

BASE = ToolAnnotations(readOnlyHint=True, openWorldHint=True)
mcp = FastMCP("iot")


@mcp.tool(annotations=BASE)
def sensor_reading(sensor_id: str) -> float:
    return 0.0


@mcp.tool(annotations=BASE.model_copy(update={"readOnlyHint": False}))
def actuator_level(actuator_id: str, level: int) -> int:
    return level
