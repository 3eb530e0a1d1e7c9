from fastmcp import FastMCP

math_server = FastMCP("math")


@math_server.tool
def add(a: float, b: float) -> float:
    return a + b
