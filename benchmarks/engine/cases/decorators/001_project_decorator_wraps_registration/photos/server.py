from fastmcp import FastMCP

mcp = FastMCP("photos")


def tool(fn):
    mcp.tool()(fn)
    return fn


@tool
def list_albums() -> list[str]:
    return []


@tool
def delete_album(album_id: str) -> bool:
    return True
