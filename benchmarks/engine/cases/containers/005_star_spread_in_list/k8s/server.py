from mcp.server.fastmcp import FastMCP

from k8s.core import CORE
from k8s.extra import EXTRA

server = FastMCP("k8s")
for handler in [*CORE, *EXTRA]:
    server.add_tool(handler)
