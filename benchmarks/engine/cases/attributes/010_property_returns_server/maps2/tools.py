from maps2.context import context


@context.server.tool()
def geocode_address(address: str) -> tuple[float, float]:
    return (0.0, 0.0)
