from fastmcp import FastMCP

fitting = FastMCP("fitting")


@fitting.tool
def fit_curve(points: list[float]) -> list[float]:
    return points
