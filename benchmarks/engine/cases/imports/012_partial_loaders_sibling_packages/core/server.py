from fastmcp import FastMCP


def build_server(name: str) -> FastMCP:
    return FastMCP(name)


server = build_server("office")
