from fastmcp import FastMCP

from survey_mcp.tools import register_all

mcp = FastMCP("survey")
register_all(mcp)
