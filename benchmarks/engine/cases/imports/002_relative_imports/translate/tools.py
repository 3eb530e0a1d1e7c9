from .server import mcp


@mcp.tool()
def translate_text(text: str, target: str) -> str:
    return text


@mcp.tool()
def detect_language(text: str) -> str:
    return "en"
