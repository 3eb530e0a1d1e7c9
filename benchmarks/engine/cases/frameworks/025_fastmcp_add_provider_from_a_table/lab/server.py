from fastmcp import FastMCP
from fastmcp.server.providers import FastMCPProvider

from .areas import AREAS
from .titles import Retitle

lab = FastMCP("lab")


def setup() -> None:
    for area in AREAS:
        provider = FastMCPProvider(area["server"]).wrap_transform(Retitle(area["name"]))
        lab.add_provider(provider, namespace=area["name"])


def main() -> None:
    setup()
    lab.run()
