from mcp.server.fastmcp import FastMCP

from .catalog import Catalog

mcp = FastMCP("spec")
catalog = Catalog.load("operations.json")


@mcp.tool()
def list_operations() -> list[str]:
    return sorted(catalog.operations)


@mcp.tool()
def describe_operation(name: str) -> dict:
    return catalog.operations[name]
