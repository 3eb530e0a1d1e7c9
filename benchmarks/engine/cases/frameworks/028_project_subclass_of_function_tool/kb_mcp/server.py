from kb_mcp.base import KbServer
from kb_mcp.tools.articles import add_article_tools


def create_server() -> KbServer:
    mcp = KbServer("knowledge-base")
    add_article_tools(mcp)
    return mcp
