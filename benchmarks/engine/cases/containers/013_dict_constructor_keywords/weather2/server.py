from fastmcp import FastMCP


def current(city: str) -> dict:
    return {"city": city}


def forecast(city: str, days: int = 3) -> list[dict]:
    return []


HANDLERS = dict(weather_current=current, weather_forecast=forecast)

mcp = FastMCP("weather")
for name, fn in list(HANDLERS.items()):
    mcp.tool(fn, name=name)
