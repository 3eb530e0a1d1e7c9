from docs_mcp.search import register_search


def setup(server) -> None:
    register_search(server)
