import os
from dataclasses import dataclass, fields
from typing import Any

from fastmcp import FastMCP

from ops_mcp.registry import MCP_TOOLS


@dataclass
class ClientState:
    incidents_client: Any = None
    deploys_client: Any = None


def client_categories() -> dict[str, list[tuple[str, type]]]:
    from ops_mcp.routers.deploys import DeploysClient
    from ops_mcp.routers.incidents import IncidentsClient

    return {
        "incidents": [("incidents_client", IncidentsClient)],
        "deploys": [("deploys_client", DeploysClient)],
    }


def enabled_client_configs(enabled: str) -> list[tuple[str, type]]:
    categories = client_categories()
    configs: list[tuple[str, type]] = []
    for name, entries in categories.items():
        if enabled == "all" or name in enabled.split(","):
            configs.extend(entries)
    return configs


def create_clients(token: str, base_url: str, enabled: str = "all") -> ClientState:
    state = ClientState()
    for attr_name, client_class in enabled_client_configs(enabled):
        setattr(state, attr_name, client_class(read_token=token, base_url=base_url))
    return state


def create_app(token: str, base_url: str, enabled: str = "all") -> FastMCP:
    server = FastMCP(name="Ops MCP Server")
    clients = create_clients(token, base_url, enabled)
    for tool_name, _tool_func in MCP_TOOLS.items():
        for attr_name in [field.name for field in fields(ClientState)]:
            client = getattr(clients, attr_name, None)
            if client and hasattr(client, tool_name):
                bound_method = getattr(client, tool_name)
                tool_kwargs = {
                    "title": bound_method._mcp_title,
                    "annotations": bound_method._mcp_annotations,
                }
                server.tool(**tool_kwargs)(bound_method)
                break
    return server


def main() -> None:
    app = create_app(os.environ["OPS_TOKEN"], os.environ["OPS_URL"])
    app.run()
