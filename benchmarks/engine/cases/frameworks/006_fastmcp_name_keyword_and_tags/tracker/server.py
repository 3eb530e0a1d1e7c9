from fastmcp import Context, FastMCP

mcp = FastMCP(name="tracker", instructions="Issue tracker tools")


@mcp.tool(name="issue_search", tags={"issues", "read"})
async def search(query: str, ctx: Context, max_results: int = 10) -> list[dict]:
    await ctx.info(f"searching {query}")
    return []


@mcp.tool(name="issue_close", tags={"issues"})
async def close(issue_id: int, ctx: Context) -> bool:
    await ctx.info(f"closing {issue_id}")
    return True
