from .registry import tool


@tool("km_to_miles", {"km": {"type": "number"}})
def km_to_miles(arguments: dict) -> str:
    return str(arguments["km"] * 0.621371)


@tool("celsius_to_fahrenheit", {"celsius": {"type": "number"}})
def celsius_to_fahrenheit(arguments: dict) -> str:
    return str(arguments["celsius"] * 9 / 5 + 32)
