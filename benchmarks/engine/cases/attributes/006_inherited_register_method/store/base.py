class ToolProvider:
    tool_methods: tuple[str, ...] = ()

    def register(self, server) -> None:
        for name in self.tool_methods:
            server.add_tool(getattr(self, name))
