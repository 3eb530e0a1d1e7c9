def handle_stock_level(sku: str) -> int:
    """How many of `sku` are on the shelves."""
    return 0


def handle_reorder(sku: str, quantity: int) -> str:
    """Order `quantity` more of `sku`."""
    return "PO-1"
