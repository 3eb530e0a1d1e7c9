from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.tools import Tool


def to_metric(value: float, unit: str) -> float:
    return value * {"in": 2.54, "ft": 30.48}[unit]


def list_units() -> list[str]:
    return ["in", "ft"]


mcp = FastMCP(
    "units",
    tools=[Tool.from_function(to_metric, name="convert_to_metric"), Tool.from_function(list_units)],
)
