from mcp.server.fastmcp import FastMCP

import buffer.tools.capture  # noqa: F401  (its decorators fill the registry)
from buffer.tools.registry import REGISTERED

mcp = FastMCP("buffer")
for name, function in REGISTERED:
    mcp.add_tool(function, name=name)
