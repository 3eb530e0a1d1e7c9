PRODUCTS = {"p1": {"title": "Mug", "price": 9}}


def get_product(product_id: str) -> dict:
    return PRODUCTS[product_id]


def list_products() -> list[str]:
    return sorted(PRODUCTS)
