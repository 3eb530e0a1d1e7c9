from fastmcp import FastMCP


class Service:
    server = FastMCP("inventory")
    stock: dict[str, int] = {}
