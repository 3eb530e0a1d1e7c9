import mcp.types as types

EMPTY = {"type": "object", "properties": {}}
BASE_TOOLS = [types.Tool(name="whoami", inputSchema=EMPTY)]
ADMIN_TOOLS = [
    types.Tool(name="list_users", inputSchema=EMPTY),
    types.Tool(name="disable_user", inputSchema={"type": "object", "properties": {"user": {"type": "string"}}}),
]


def visible_tools(is_admin: bool) -> list[types.Tool]:
    tools = list(BASE_TOOLS)
    if is_admin:
        tools.extend(ADMIN_TOOLS)
    return tools
