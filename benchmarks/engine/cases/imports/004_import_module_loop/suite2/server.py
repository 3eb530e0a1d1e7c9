from fastmcp import FastMCP

mcp = FastMCP("suite")
