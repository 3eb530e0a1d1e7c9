from utils.registering import fleet_tool


@fleet_tool("The servers of a workspace")
async def list_servers(workspace: str) -> list[str]:
    return []


@fleet_tool("Restart one server")
async def restart_server(workspace: str, server_id: str) -> str:
    return "restarting"
