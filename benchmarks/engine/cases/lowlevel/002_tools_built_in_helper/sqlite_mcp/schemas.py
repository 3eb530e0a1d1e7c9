import mcp.types as types


def tool_definitions() -> list[types.Tool]:
    query = types.Tool(
        name="run_query",
        description="Run a read-only SQL query",
        inputSchema={"type": "object", "properties": {"sql": {"type": "string"}}},
    )
    tables = types.Tool(
        name="list_tables",
        description="Tables of the database",
        inputSchema={"type": "object", "properties": {}},
    )
    return [query, tables]
