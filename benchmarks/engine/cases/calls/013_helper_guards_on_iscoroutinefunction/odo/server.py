from mcp.server import MCPServer

from .contract import add_tool


def list_projects() -> list[str]:
    return ["alpha"]


def get_build(build_id: int) -> dict[str, int]:
    return {"id": build_id}


def create_server() -> MCPServer:
    server = MCPServer(name="odo")
    add_tool(server, list_projects, returns="the projects")
    add_tool(server, get_build, returns="one build")
    return server
