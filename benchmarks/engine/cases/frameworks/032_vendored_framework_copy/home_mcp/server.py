"""A home automation server built on the copy of fastmcp the project ships."""

from ._vendor.fastmcp import FastMCP

mcp = FastMCP("home")


@mcp.tool()
def get_light(room: str) -> str:
    """The state of a room's light."""
    return f"{room}: off"


@mcp.tool()
def set_light(room: str, on: bool) -> str:
    """Turn a room's light on or off."""
    return f"{room}: {'on' if on else 'off'}"
