import asyncio
import functools
import inspect

from mcp.server.fastmcp import FastMCP


class ThreadedToolServer(FastMCP):
    """Synchronous tools run in the standard-library executor, not AnyIO's."""

    def add_tool(self, fn, **kwargs):
        if not inspect.iscoroutinefunction(fn):
            original = fn

            @functools.wraps(original)
            async def run_in_thread(*args, **call_kwargs):
                return await asyncio.to_thread(original, *args, **call_kwargs)

            fn = run_in_thread
        return super().add_tool(fn, **kwargs)


mcp = ThreadedToolServer("tasks")


@mcp.tool()
def list_tasks(status: str = "open") -> list[dict]:
    """Tasks with the given status."""
    return [{"id": 1, "status": status}]


@mcp.tool()
def close_task(task_id: int) -> dict:
    """Close a task."""
    return {"id": task_id, "status": "closed"}


def main() -> None:
    mcp.run()
