from typing import Any

from mcp.types import Tool

CARD = {"type": "object", "properties": {"card": {"type": "string"}}}

CARD_TOOLS = [
    Tool(name="move_card", inputSchema=CARD),
    Tool(name="archive_card", inputSchema=CARD),
]
CARD_TOOL_NAMES = {t.name for t in CARD_TOOLS}


async def handle_card_tool(name: str, arguments: dict[str, Any], client: dict) -> str | None:
    if name not in CARD_TOOL_NAMES:
        return None
    if name == "move_card":
        return await _move(client, arguments)
    if name == "archive_card":
        return await _archive(client, arguments)
    return None


async def _move(client: dict, arguments: dict[str, Any]) -> str:
    return f"moved {arguments['card']} on {client['base_url']}"


async def _archive(client: dict, arguments: dict[str, Any]) -> str:
    return f"archived {arguments['card']}"
