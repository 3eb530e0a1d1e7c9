from fastmcp import FastMCP

mcp = FastMCP("notes")
_registry = []


def create_tool(tool_name):
    def decorator(func):
        tool = mcp.local_provider.add_tool(func)
        _registry.append((tool_name, tool))
        return tool

    return decorator


@create_tool("find_notes")
async def find_notes(query: str) -> list[str]:
    return [query]


@create_tool("create_note")
async def create_note(title: str, body: str) -> str:
    return title


def main():
    mcp.run()
