import tools.servers  # noqa: F401  (registers its tools)
from server import mcp


def main() -> None:
    mcp.run()
