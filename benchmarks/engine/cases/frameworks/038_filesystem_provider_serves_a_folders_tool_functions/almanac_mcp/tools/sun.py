from fastmcp.tools import tool


def _clamp(latitude: float) -> float:
    return max(-90.0, min(90.0, latitude))


@tool(annotations={"readOnlyHint": True})
def sunrise(latitude: float, longitude: float, day: str) -> str:
    """When the sun rises there that day."""
    return f"{_clamp(latitude)},{longitude} {day} 06:12"
