from mcp.server.fastmcp import FastMCP

mcp = FastMCP("finance")


def exposed(name: str, description: str = ""):
    def decorate(fn):
        mcp.add_tool(fn, name=name, description=description or fn.__doc__)
        return fn
    return decorate
