NAME = "post_entry"


def handle(account: str, amount: float, memo: str = "") -> str:
    """Post a journal entry."""
    return f"{account} {amount} {memo}"
