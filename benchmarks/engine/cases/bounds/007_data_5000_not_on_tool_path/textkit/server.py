from fastmcp import FastMCP

from textkit.stopwords import STOP_WORDS

mcp = FastMCP("textkit")
STOP = set(STOP_WORDS)


@mcp.tool
def keywords(text: str) -> list[str]:
    return [w for w in text.split() if w not in STOP]


@mcp.tool
def stop_word_count() -> int:
    return len(STOP)
