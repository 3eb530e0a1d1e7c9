from fastmcp import FastMCP


class MemoServer(FastMCP):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.memos: list[str] = []
        self.setup_tools()

    def setup_tools(self) -> None:
        @self.tool
        def add_memo(text: str) -> int:
            self.memos.append(text)
            return len(self.memos)

        @self.tool
        def list_memos() -> list[str]:
            return list(self.memos)


mcp = MemoServer("memo")
