from fastmcp import FastMCP


def create_server(name: str = "books") -> FastMCP:
    server = FastMCP(name, instructions="Library catalogue")
    return server
