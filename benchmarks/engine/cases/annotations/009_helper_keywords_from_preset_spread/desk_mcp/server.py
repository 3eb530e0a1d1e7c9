import subprocess

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations as _TA


def _ann(*, read_only: bool = False, destructive: bool = False, title: str | None = None) -> _TA:
    """ToolAnnotations for a tool's classification."""
    return _TA(title=title, readOnlyHint=read_only, destructiveHint=destructive)


# Classifications, spread into _ann so the decorators stay short.
RO = {"read_only": True}
MUT = {"read_only": False, "destructive": False}

mcp = FastMCP("desk")


@mcp.tool(title="Active window", annotations=_ann(**RO))
def active_window() -> dict:
    """The focused window (asks the compositor)."""
    out = subprocess.run(["kdotool", "getactivewindow"], capture_output=True, text=True)
    return {"window_id": out.stdout.strip()}


@mcp.tool(title="Type text", annotations=_ann(**MUT))
def type_text(text: str) -> dict:
    """Type text into the focused window."""
    return {"typed": len(text)}


def main() -> None:
    mcp.run()
