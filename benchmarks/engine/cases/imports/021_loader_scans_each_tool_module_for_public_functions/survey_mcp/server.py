import os

from fastmcp import FastMCP

from survey_mcp import tools
from survey_mcp.loader import register_tools

mcp = FastMCP("x")
register_tools(os.path.dirname(tools.__file__), "survey_mcp.tools", mcp.tool)

if __name__ == "__main__":
    mcp.run()
