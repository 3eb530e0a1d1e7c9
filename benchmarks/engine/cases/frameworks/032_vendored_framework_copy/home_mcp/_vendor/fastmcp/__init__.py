"""A copy of fastmcp kept in the project (a stand-in here: the real copy is the library)."""

__version__ = "4.1.2"


class FastMCP:
    def __init__(self, name: str) -> None:
        self.name = name

    def tool(self, fn=None, **options):
        def register(f):
            return f

        return register(fn) if fn is not None else register


def echo_tool(text: str) -> str:
    """An example of the library's own, never a tool of the project."""
    return text


_examples = FastMCP("examples")
_examples.tool(echo_tool)
