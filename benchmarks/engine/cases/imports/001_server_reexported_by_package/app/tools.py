from app import mcp


@mcp.tool()
def health() -> str:
    return "ok"
