from fastmcp import FastMCP


def transcode(path: str, codec: str) -> str:
    return path + "." + codec


def probe(path: str) -> dict:
    return {"path": path}


def thumbnail(path: str, at: float = 0.0) -> str:
    return path + ".jpg"


BASE = {"media_probe": probe}
PLUGINS = {"media_transcode": transcode}
HANDLERS = {**BASE, **PLUGINS}
HANDLERS.update({"media_thumbnail": thumbnail})

mcp = FastMCP("media")
for tool_name, fn in HANDLERS.items():
    mcp.tool(name=tool_name)(fn)
