from typing import Any

from .core import BaseServer

PROJECT_TOOLS = [
    {
        "name": "list_projects",
        "description": "List the projects.",
        "inputSchema": {"type": "object", "properties": {}},
    },
    {
        "name": "delete_project",
        "description": "Delete a project.",
        "inputSchema": {"type": "object", "properties": {"project_id": {"type": "string"}}},
    },
]


class ProjectServer(BaseServer):
    def __init__(self) -> None:
        super().__init__(name="bloks")
        self.register_tools(PROJECT_TOOLS)
        self.register_tool_handler("list_projects", self._list_projects)
        self.register_tool_handler("delete_project", self._delete_project)

    async def _list_projects(self, arguments: dict[str, Any]) -> list[str]:
        return []

    async def _delete_project(self, arguments: dict[str, Any]) -> str:
        return arguments["project_id"]


def create_server() -> ProjectServer:
    return ProjectServer()
