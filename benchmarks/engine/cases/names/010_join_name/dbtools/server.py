from fastmcp import FastMCP

mcp = FastMCP("db")
PARTS = ("db", "vacuum")


@mcp.tool(name="_".join(PARTS))
def vacuum(table: str) -> str:
    return table
