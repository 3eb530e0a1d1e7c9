class DealTools:
    def __init__(self, api_url: str) -> None:
        self.api_url = api_url

    def list_deals(self, stage: str = "open") -> list[dict]:
        return []

    def close_deal(self, deal_id: int) -> bool:
        return True

    def install(self, server) -> None:
        server.add_tool(self.list_deals)
        server.add_tool(self.close_deal)
