from docs_mcp.server import mcp
from docs_mcp.tools import (
    convert,  # PDF to text
    search,
)


def main() -> None:
    mcp.run()
