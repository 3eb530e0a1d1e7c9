import logging

from mcp.server.fastmcp import FastMCP

log = logging.getLogger(__name__)


class LoggingFastMCP(FastMCP):
    """FastMCP that logs every tool call."""

    async def call_tool(self, name, arguments):
        log.info("tool %s", name)
        return await super().call_tool(name, arguments)
