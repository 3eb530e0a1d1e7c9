from .registry import tool


@tool("Room calendar")
async def room_calendar(room_id: int) -> dict:
    return {"room": room_id, "nights": []}


@tool("Exact stay price")
async def price_quote(room_id: int, nights: int) -> dict:
    return {"room": room_id, "total": 0}
