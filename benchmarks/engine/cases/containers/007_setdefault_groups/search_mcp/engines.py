from search_mcp.registry import in_group


@in_group("web")
def web_search(query: str) -> list[str]:
    return []


@in_group("code")
def code_search(query: str, language: str = "") -> list[str]:
    return []
