from functools import lru_cache

from fastmcp.tools import Tool


def report_feedback(tool_name: str, feedback: str) -> str:
    """Tell the maintainers how the last call went."""
    return f"noted for {tool_name}"


feedback_tool = Tool.from_function(report_feedback, name="report_feedback")


@lru_cache
def shared_tools() -> list[Tool]:
    return [feedback_tool]
