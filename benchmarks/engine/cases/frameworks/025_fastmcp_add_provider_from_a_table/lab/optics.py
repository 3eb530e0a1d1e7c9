from fastmcp import FastMCP

optics = FastMCP("optics")


@optics.tool
def trace_ray(angle: float) -> float:
    return angle * 2
