from cyc.server import mcp


@mcp.tool()
def echo(text: str) -> str:
    return text
