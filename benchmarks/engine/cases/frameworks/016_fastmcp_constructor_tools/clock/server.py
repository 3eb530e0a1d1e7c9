from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from fastmcp import FastMCP


def now_utc() -> str:
    return datetime.now(timezone.utc).isoformat()


def now_in(zone: str) -> str:
    return datetime.now(ZoneInfo(zone)).isoformat()


mcp = FastMCP("clock", tools=[now_utc, now_in])
