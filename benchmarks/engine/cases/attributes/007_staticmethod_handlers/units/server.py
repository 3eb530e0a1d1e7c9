from mcp.server.fastmcp import FastMCP


class Conversions:
    @staticmethod
    def celsius_to_fahrenheit(celsius: float) -> float:
        return celsius * 9 / 5 + 32

    @staticmethod
    def km_to_miles(km: float) -> float:
        return km * 0.621371


mcp = FastMCP("units")
mcp.add_tool(Conversions.celsius_to_fahrenheit)
mcp.add_tool(Conversions.km_to_miles)
