from inv.service import Service


@Service.server.tool
def stock_level(sku: str) -> int:
    return Service.stock.get(sku, 0)


@Service.server.tool
def adjust_stock(sku: str, delta: int) -> int:
    Service.stock[sku] = Service.stock.get(sku, 0) + delta
    return Service.stock[sku]
