from mcp.server.fastmcp import FastMCP


class ZooServer:
    TOOLS = ("feed_animal", "list_animals")

    def __init__(self) -> None:
        self.mcp = FastMCP("zoo")
        for name in self.TOOLS:
            self.mcp.add_tool(getattr(self, name))

    def feed_animal(self, animal: str, food: str) -> str:
        return f"{animal} ate {food}"

    def list_animals(self) -> list[str]:
        return ["lion"]


server = ZooServer()
