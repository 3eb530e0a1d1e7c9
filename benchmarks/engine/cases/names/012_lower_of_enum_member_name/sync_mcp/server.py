from enum import Enum, auto

from fastmcp import FastMCP


class Action(Enum):
    SYNC = auto()
    STATUS = auto()


mcp = FastMCP("sync")


@mcp.tool(name=Action.SYNC.name.lower())
def run_sync(folder: str) -> int:
    return 0


@mcp.tool(name=Action.STATUS.name.lower())
def sync_status() -> str:
    return "idle"
