from .registry import tool


@tool("Search listings")
async def search_listings(query: str) -> list[str]:
    return [query]


@tool("Watch a search", local=True)
async def watch_search(query: str) -> str:
    return query
