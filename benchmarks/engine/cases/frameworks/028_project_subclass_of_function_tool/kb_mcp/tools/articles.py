from mcp.types import ToolAnnotations

from kb_mcp.base import JsonFunctionTool as FunctionTool
from kb_mcp.base import KbServer


async def get_article(article_id: str) -> dict[str, str]:
    """One article of the knowledge base."""
    return {"id": article_id}


async def archive_article(article_id: str) -> bool:
    """Moves an article to the archive."""
    return True


def add_article_tools(mcp: KbServer) -> None:
    mcp.add_tool(
        FunctionTool.from_function(get_article, annotations=ToolAnnotations(readOnlyHint=True))
    )
    mcp.add_tool(FunctionTool.from_function(archive_article))
