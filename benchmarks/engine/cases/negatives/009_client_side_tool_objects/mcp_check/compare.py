from mcp import ClientSession
from mcp.types import Tool

EXPECTED = [
    Tool(name="read_file", inputSchema={"type": "object", "properties": {"path": {}}}),
    Tool(name="write_file", inputSchema={"type": "object", "properties": {"path": {}, "text": {}}}),
]


async def missing_tools(session: ClientSession) -> list[str]:
    listed = {t.name for t in (await session.list_tools()).tools}
    return [t.name for t in EXPECTED if t.name not in listed]
