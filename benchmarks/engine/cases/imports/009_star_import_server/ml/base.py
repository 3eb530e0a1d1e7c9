from fastmcp import FastMCP

__all__ = ["mcp", "MODELS"]

mcp = FastMCP("ml")
MODELS: dict[str, str] = {}
