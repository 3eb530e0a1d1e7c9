from .registry import tool


@tool(name="list_tags")
def tags(prefix: str = "") -> str:
    return ",".join(t for t in ("work", "home") if t.startswith(prefix))
