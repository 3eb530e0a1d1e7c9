"""Time server on the SDK's MCPServer: typed tool functions, built inside `serve()`."""

from datetime import datetime
from typing import Annotated
from zoneinfo import ZoneInfo

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations
from pydantic import Field

READ_ONLY = ToolAnnotations(readOnlyHint=True, idempotentHint=True)


def serve(local_timezone: str | None = None) -> MCPServer:
    server = MCPServer("mcp-time", instructions="Current time and timezone conversions.")

    @server.tool(annotations=READ_ONLY)
    def get_current_time(
        timezone: Annotated[str, Field(description="IANA timezone name")] = local_timezone or "UTC",
    ) -> dict[str, str]:
        """Get the current time in a timezone."""
        now = datetime.now(ZoneInfo(timezone))
        return {"timezone": timezone, "datetime": now.isoformat(timespec="seconds")}

    @server.tool(annotations=READ_ONLY)
    def convert_time(source_timezone: str, time: str, target_timezone: str) -> dict[str, str]:
        """Convert an HH:MM time from one timezone to another."""
        hour, minute = (int(part) for part in time.split(":"))
        source = datetime.now(ZoneInfo(source_timezone)).replace(hour=hour, minute=minute)
        return {"target": source.astimezone(ZoneInfo(target_timezone)).isoformat()}

    return server
