import logging

from fastmcp import FastMCP

from slack_mcp.tools import register_tools

mcp = FastMCP("slack")
logging.info("registered %d tools", register_tools(mcp))
