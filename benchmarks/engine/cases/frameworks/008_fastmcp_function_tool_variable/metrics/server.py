import statistics

from fastmcp import FastMCP
from fastmcp.tools import FunctionTool


def summarize(values: list[float]) -> dict:
    return {"mean": statistics.fmean(values), "median": statistics.median(values)}


summary_tool = FunctionTool.from_function(summarize, name="stats_summary")

app = FastMCP("metrics")
app.add_tool(summary_tool)
