from mcp.server.fastmcp import FastMCP

NAMES = {"export": "export_csv", "preview": "preview_rows"}
mcp = FastMCP("exporter")


@mcp.tool(name=NAMES["export"])
def export(table: str, path: str) -> int:
    return 0


@mcp.tool(name=NAMES["preview"])
def preview(table: str, rows: int = 5) -> list[dict]:
    return []
