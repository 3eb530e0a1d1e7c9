NAME = "get_balance"


def handle(account: str) -> float:
    """The account's balance."""
    return 0.0
