"""Weather server whose tools answer in plain text."""

import httpx
from toolserver import ToolServer

server = ToolServer("weather")
NWS_API_BASE = "https://api.weather.gov"

ALERTS_SCHEMA = {
    "type": "object",
    "properties": {"state": {"type": "string", "description": "Two-letter US state code"}},
    "required": ["state"],
}
FORECAST_SCHEMA = {
    "type": "object",
    "properties": {"latitude": {"type": "number"}, "longitude": {"type": "number"}},
    "required": ["latitude", "longitude"],
}


@server.tool("get_alerts", input_schema=ALERTS_SCHEMA, annotations={"readOnlyHint": True})
async def get_alerts(args: dict) -> str:
    async with httpx.AsyncClient() as client:
        response = await client.get(f"{NWS_API_BASE}/alerts/active/area/{args['state']}")
    features = response.json().get("features", [])
    if not features:
        return "No active alerts for this state."
    return "\n---\n".join(feature["properties"]["headline"] for feature in features)


@server.tool("get_forecast", input_schema=FORECAST_SCHEMA, annotations={"readOnlyHint": True})
async def get_forecast(args: dict) -> str:
    point = f"{NWS_API_BASE}/points/{args['latitude']},{args['longitude']}"
    async with httpx.AsyncClient() as client:
        forecast_url = (await client.get(point)).json()["properties"]["forecast"]
        periods = (await client.get(forecast_url)).json()["properties"]["periods"]
    return "\n".join(f"{p['name']}: {p['temperature']}°{p['temperatureUnit']}" for p in periods[:5])
