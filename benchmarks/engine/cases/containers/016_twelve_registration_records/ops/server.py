from mcp.server.fastmcp import FastMCP

import ops.tools  # noqa: F401  (its decorators fill the registry)
from ops.registry import registrations

mcp = FastMCP("ops")
for registration in registrations():
    mcp.add_tool(registration.function, name=registration.name)
