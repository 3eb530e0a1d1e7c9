from mcp.server.fastmcp import FastMCP

from iam.auth import requires_scope

mcp = FastMCP("iam")


@mcp.tool()
@requires_scope("admin")
async def revoke_token(token_id: str) -> bool:
    return True


@mcp.tool()
async def list_roles() -> list[str]:
    return []
