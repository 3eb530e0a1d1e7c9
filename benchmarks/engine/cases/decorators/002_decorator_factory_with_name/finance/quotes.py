from finance.app import exposed


@exposed("quote_get")
def get_quote(symbol: str) -> float:
    """Last price of a symbol."""
    return 0.0


@exposed("quote_history", "Daily closes")
def history(symbol: str, days: int = 30) -> list[float]:
    return []
