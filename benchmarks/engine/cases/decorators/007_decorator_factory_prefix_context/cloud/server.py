from fastmcp import FastMCP

mcp = FastMCP("cloud")


def namespaced(prefix: str):
    def register(fn):
        mcp.tool(fn, name=prefix + "_" + fn.__name__)
        return fn
    return register


@namespaced("aws")
def list_instances(region: str) -> list[str]:
    return []


@namespaced("gcp")
def list_vms(zone: str) -> list[str]:
    return []
