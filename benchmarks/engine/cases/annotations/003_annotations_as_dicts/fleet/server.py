from fastmcp import FastMCP

PRESETS = {
    "query": {"readOnlyHint": True, "openWorldHint": True},
    "command": {"readOnlyHint": False, "destructiveHint": True},
}
mcp = FastMCP("fleet")


@mcp.tool(annotations=PRESETS["query"])
def vehicle_position(vehicle_id: str) -> dict:
    return {}


@mcp.tool(annotations=PRESETS["command"])
def vehicle_recall(vehicle_id: str) -> str:
    return vehicle_id
