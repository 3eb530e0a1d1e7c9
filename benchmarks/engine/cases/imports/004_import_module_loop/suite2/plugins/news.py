from suite2.server import mcp


@mcp.tool
def top_headlines(country: str = "us") -> list[str]:
    return []
