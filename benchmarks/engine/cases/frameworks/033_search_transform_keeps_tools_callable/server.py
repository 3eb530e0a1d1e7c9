"""A catalogue of open-data tools behind fastmcp's BM25 search: a client lists the search
tool, the call tool and the two tools the transform keeps visible, finds the rest through
the search tool (their own names and input schemas) and calls them through the call tool
with arguments of their own."""

from fastmcp import FastMCP
from fastmcp.server.transforms.search import BM25SearchTransform

mcp = FastMCP("open-data")


@mcp.tool
def list_datasets() -> list[str]:
    """The datasets the catalogue holds."""
    return ["parks", "roads"]


@mcp.tool
def plan_query(question: str) -> str:
    """Which datasets answer a question."""
    return f"parks for {question}"


@mcp.tool
def parks_near(lat: float, lon: float) -> list[str]:
    """Parks near a point."""
    return []


@mcp.tool
def road_closures(city: str) -> list[str]:
    """Current road closures in a city."""
    return []


mcp.add_transform(
    BM25SearchTransform(
        max_results=5,
        always_visible=["list_datasets", "plan_query"],
        search_tool_name="discover_tools",
    )
)
