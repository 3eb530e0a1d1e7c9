from mcp.server.fastmcp import FastMCP


def query_database(database_id: str) -> list[dict]:
    return []


def append_block(page_id: str, text: str) -> str:
    return "block"


mcp = FastMCP("notion")
for fn in (query_database, append_block):
    mcp.add_tool(fn, name=fn.__name__.replace("_", "-"))
