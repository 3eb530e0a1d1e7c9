from dataclasses import replace

from mcp.server.fastmcp import FastMCP

from api2.specs import SPECS

V2 = [replace(spec, name="v2_" + spec.name) for spec in SPECS]

mcp = FastMCP("api")
for spec in V2:
    mcp.add_tool(spec.fn, name=spec.name)
