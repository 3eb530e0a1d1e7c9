from mcp.server.fastmcp import FastMCP

mcp = FastMCP("writer")


@mcp.prompt()
def outline(topic: str) -> str:
    return f"Write an outline about {topic}"


@mcp.resource("style://guide")
def style_guide() -> str:
    return "Be concise."


@mcp.tool()
def summarize(text: str, sentences: int = 3) -> str:
    return text
