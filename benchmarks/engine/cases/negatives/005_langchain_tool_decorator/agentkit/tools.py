from langchain_core.tools import tool


@tool
def calculator(expression: str) -> str:
    """Evaluate an arithmetic expression."""
    return str(eval(expression, {"__builtins__": {}}))  # noqa: S307


@tool("web_search")
def search(query: str) -> str:
    """Search the web."""
    return ""


TOOLS = [calculator, search]
