from suite2.server import mcp


@mcp.tool
def weather_now(city: str) -> str:
    return "sunny"
