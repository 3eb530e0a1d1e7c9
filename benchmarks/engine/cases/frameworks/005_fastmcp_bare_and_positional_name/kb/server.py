from fastmcp import FastMCP

mcp = FastMCP("knowledge-base")
ARTICLES = {"intro": "Welcome", "faq": "Questions"}


@mcp.tool
def list_articles() -> list[str]:
    return sorted(ARTICLES)


@mcp.tool("read_article")
def read(slug: str) -> str:
    return ARTICLES[slug]
