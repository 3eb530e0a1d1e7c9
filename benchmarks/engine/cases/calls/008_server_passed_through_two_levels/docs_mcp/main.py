from mcp.server.fastmcp import FastMCP

from docs_mcp.setup import setup


def main() -> None:
    server = FastMCP("docs")
    setup(server)
    server.run()


if __name__ == "__main__":
    main()
