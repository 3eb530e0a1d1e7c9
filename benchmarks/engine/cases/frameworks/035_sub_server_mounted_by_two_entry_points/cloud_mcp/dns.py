from fastmcp import FastMCP


def create_dns_mcp(client):
    mcp = FastMCP(name="dns")

    @mcp.tool()
    async def list_domains() -> list[str]:
        return await client.get("/domains")

    @mcp.tool()
    async def delete_domain(domain: str) -> str:
        await client.delete(f"/domains/{domain}")
        return domain

    return mcp
