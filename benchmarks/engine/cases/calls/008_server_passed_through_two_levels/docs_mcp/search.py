def register_search(server) -> None:
    @server.tool()
    def search_docs(query: str) -> list[str]:
        return []
