from fastmcp.tools import tool


@tool
def high_tide(port: str, day: str) -> str:
    """The next high tide at a port."""
    return f"{port} {day} 11:40"


def format_height(metres: float) -> str:
    return f"{metres:.1f} m"
