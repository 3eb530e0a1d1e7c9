"""Weather server whose tools answer in plain text."""

import httpx
from toolargs.runtime import collect_unknown_args, with_unknown_args
from toolserver import ToolServer

server = ToolServer("weather")
NWS_API_BASE = "https://api.weather.gov"

ALERTS_SCHEMA = {
    "type": "object",
    "properties": {"state": {"type": "string", "description": "Two-letter US state code"}},
    "required": ["state"],
}
GET_ALERTS_KNOWN_ARGS = ("state",)
FORECAST_SCHEMA = {
    "type": "object",
    "properties": {"latitude": {"type": "number"}, "longitude": {"type": "number"}},
    "required": ["latitude", "longitude"],
}
GET_FORECAST_KNOWN_ARGS = ("latitude", "longitude")


@server.tool("get_alerts", input_schema=ALERTS_SCHEMA, annotations={"readOnlyHint": True})
async def get_alerts(args: dict) -> str:
    async with httpx.AsyncClient() as client:
        response = await client.get(f"{NWS_API_BASE}/alerts/active/area/{args['state']}")
    unknown = collect_unknown_args(args, GET_ALERTS_KNOWN_ARGS)
    features = response.json().get("features", [])
    if not features:
        return with_unknown_args("No active alerts for this state.", unknown)
    return with_unknown_args(
        "\n---\n".join(feature["properties"]["headline"] for feature in features), unknown
    )


@server.tool("get_forecast", input_schema=FORECAST_SCHEMA, annotations={"readOnlyHint": True})
async def get_forecast(args: dict) -> str:
    point = f"{NWS_API_BASE}/points/{args['latitude']},{args['longitude']}"
    unknown = collect_unknown_args(args, GET_FORECAST_KNOWN_ARGS)
    async with httpx.AsyncClient() as client:
        forecast_url = (await client.get(point)).json()["properties"]["forecast"]
        periods = (await client.get(forecast_url)).json()["properties"]["periods"]
    return with_unknown_args(
        "\n".join(f"{p['name']}: {p['temperature']}°{p['temperatureUnit']}" for p in periods[:5]),
        unknown,
    )
