from docs_mcp.server import mcp


@mcp.tool()
def pdf_to_text(url: str) -> str:
    return url
