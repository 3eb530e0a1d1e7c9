from mcp.server.fastmcp import FastMCP

NAMESPACE = "mongo"
mcp = FastMCP("mongo")


def find(collection: str, query: dict) -> list[dict]:
    return []


def aggregate(collection: str, pipeline: list[dict]) -> list[dict]:
    return []


mcp.add_tool(find, name="{}_{}".format(NAMESPACE, "find"))
mcp.add_tool(aggregate, name="{}_{}".format(NAMESPACE, "aggregate"))
