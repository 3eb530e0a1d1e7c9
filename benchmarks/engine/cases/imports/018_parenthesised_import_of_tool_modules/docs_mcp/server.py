from fastmcp import FastMCP

mcp = FastMCP("docs")
