from app.core import mcp

__all__ = ["mcp"]
