import time

from mcp.server.fastmcp import FastMCP

STARTED: dict[str, float] = {}


def start_timer(label: str) -> float:
    STARTED[label] = time.time()
    return STARTED[label]


def elapsed(label: str) -> float:
    return time.time() - STARTED[label]


mcp = FastMCP("pomodoro")
mcp.tool()(start_timer)
mcp.tool(name="timer_elapsed")(elapsed)
