from mcp.server.fastmcp import FastMCP

from .handlers import *  # noqa: F403

mcp = FastMCP("pdf")
mcp.add_tool(extract_text)  # noqa: F405
mcp.add_tool(merge_pdfs)  # noqa: F405
