from erp.base import ReadTool, WriteTool


class StockQuery(ReadTool):
    name = "stock_query"

    def run(self, sku: str) -> int:
        return 0


class PostJournal(WriteTool):
    name = "journal_post"

    def run(self, entry: dict) -> str:
        return "posted"


TOOL_CLASSES = [StockQuery, PostJournal]
