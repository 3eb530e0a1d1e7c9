import importlib
from typing import Any


def _load_fastmcp_class() -> Any:
    """Import FastMCP from either supported package layout."""
    try:
        module = importlib.import_module("fastmcp")
    except ImportError:
        module = importlib.import_module("mcp.server.fastmcp")
    return getattr(module, "FastMCP")


def build_server() -> Any:
    fastmcp_cls = _load_fastmcp_class()
    mcp = fastmcp_cls(name="finder")

    @mcp.tool(description="Search the catalogue.")
    def find_endpoints(keyword: str) -> list[str]:
        return [keyword]

    return mcp
