from fastmcp import FastMCP

mcp = FastMCP("azure")


def list_resources(group: str) -> list[str]:
    return []


def delete_resource(resource_id: str) -> bool:
    return True


def register(service: str, verb: str, fn) -> None:
    mcp.tool(fn, name=f"{service}_{verb}")


register("resources", "list", list_resources)
register("resources", "delete", delete_resource)
