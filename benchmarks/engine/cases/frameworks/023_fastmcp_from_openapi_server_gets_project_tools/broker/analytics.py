from fastmcp import FastMCP


def register_analytics(server: FastMCP, client) -> None:
    @server.tool(annotations={"readOnlyHint": True})
    async def intraday_vwap(symbol: str) -> float:
        reply = await client.get(f"/candles/{symbol}")
        return sum(reply.json()) / 2
