from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations


def _annotations(title: str, paid: bool) -> ToolAnnotations:
    if paid:
        return ToolAnnotations(title=title, read_only_hint=False, destructive_hint=False)
    return ToolAnnotations(title=title, read_only_hint=True)


def build_server() -> MCPServer:
    server = MCPServer(name="markets")

    def tool(name: str, title: str, paid: bool = False):
        return server.tool(name=name, title=title, annotations=_annotations(title, paid))

    @tool("get_scores", "Daily scores (free)")
    async def get_scores() -> dict:
        return {}

    @tool("buy_report", "A paid report", paid=True)
    async def buy_report(market: str) -> dict:
        return {"market": market}

    return server
