from fastmcp import FastMCP


def alpha() -> str:
    return "a"


def beta() -> str:
    return "b"


def register_a(server: FastMCP, depth: int = 0) -> None:
    server.add_tool(alpha)
    if depth < 1:
        register_b(server, depth + 1)


def register_b(server: FastMCP, depth: int = 0) -> None:
    server.add_tool(beta)
    if depth < 1:
        register_a(server, depth + 1)


mcp = FastMCP("mut")
register_a(mcp)
