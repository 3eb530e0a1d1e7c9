from mcp.server.fastmcp import FastMCP

mcp = FastMCP("dbg")


@mcp.tool()
def status() -> str:
    return "ok"


if False:  # kept for local debugging, never registered

    @mcp.tool()
    def dump_state() -> dict:
        return globals()
