from fastmcp import FastMCP

from .shared import shared_tools

desk = FastMCP("desk", tools=shared_tools())


@desk.tool
def lookup(term: str) -> str:
    return term
