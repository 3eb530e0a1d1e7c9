from mcp.server.fastmcp import FastMCP

mcp = FastMCP("genome")

# Each module registers its tools on `mcp` when imported.
from .tools import search  # noqa: E402,F401
# Assistant answers are off until the model is reviewed.
# from .tools import assistant  # noqa: E402,F401


def main() -> None:
    mcp.run()
