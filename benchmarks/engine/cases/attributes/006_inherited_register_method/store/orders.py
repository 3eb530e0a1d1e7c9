from store.base import ToolProvider


class OrderTools(ToolProvider):
    tool_methods = ("get_order", "refund_order")

    def get_order(self, order_id: str) -> dict:
        return {"id": order_id}

    def refund_order(self, order_id: str, amount: float) -> bool:
        return True
