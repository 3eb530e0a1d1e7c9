import httpx
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("weather")
API = "https://api.weather.example/v1"


@mcp.tool(name="get_forecast", description="Forecast for a city")
async def forecast(city: str, days: int = 3) -> dict:
    async with httpx.AsyncClient() as client:
        response = await client.get(f"{API}/forecast", params={"q": city, "days": days})
        return response.json()


@mcp.tool(name="get_alerts")
async def alerts(region: str) -> list[dict]:
    async with httpx.AsyncClient() as client:
        response = await client.get(f"{API}/alerts/{region}")
        return response.json()["alerts"]
