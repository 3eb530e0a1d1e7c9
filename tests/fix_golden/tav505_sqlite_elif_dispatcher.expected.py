"""SQLite explorer: an if/elif dispatcher inside a try, answering with text blocks."""

import logging
import sqlite3
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server
from toolargs.runtime import enforce_policy

logger = logging.getLogger("mcp_sqlite_server")

READ_ONLY = types.ToolAnnotations(readOnlyHint=True)
WRITES = types.ToolAnnotations(readOnlyHint=False)


class Database:
    def __init__(self, path: str) -> None:
        self.path = path

    def execute(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        with sqlite3.connect(self.path) as conn:
            conn.row_factory = sqlite3.Row
            cursor = conn.execute(query, params or {})
            return [dict(row) for row in cursor.fetchall()]


def build_server(db: Database) -> Server:
    server = Server("sqlite-manager")
    enforce_policy(server)

    @server.list_tools()
    async def handle_list_tools() -> list[types.Tool]:
        return [
            types.Tool(
                name="list_tables",
                description="List all tables in the SQLite database",
                inputSchema={"type": "object", "properties": {}},
                annotations=READ_ONLY,
            ),
            types.Tool(
                name="describe_table",
                description="Get the schema information for a specific table",
                inputSchema={
                    "type": "object",
                    "properties": {"table_name": {"type": "string"}},
                    "required": ["table_name"],
                },
                annotations=READ_ONLY,
            ),
            types.Tool(
                name="read_query",
                description="Execute a SELECT query on the SQLite database",
                inputSchema={
                    "type": "object",
                    "properties": {"query": {"type": "string"}},
                    "required": ["query"],
                },
                annotations=READ_ONLY,
            ),
            types.Tool(
                name="create_table",
                description="Create a new table in the SQLite database",
                inputSchema={
                    "type": "object",
                    "properties": {"query": {"type": "string"}},
                    "required": ["query"],
                },
                annotations=WRITES,
            ),
        ]

    @server.call_tool()
    async def handle_call_tool(
        name: str, arguments: dict[str, Any] | None
    ) -> list[types.TextContent | types.ImageContent | types.EmbeddedResource]:
        """Handle tool execution requests"""
        try:
            if name == "list_tables":
                results = db.execute("SELECT name FROM sqlite_master WHERE type='table'")
                return [types.TextContent(type="text", text=str(results))]

            elif name == "describe_table":
                if not arguments or "table_name" not in arguments:
                    raise ValueError("Missing table_name argument")
                results = db.execute(f"PRAGMA table_info({arguments['table_name']})")
                return [types.TextContent(type="text", text=str(results))]

            if not arguments:
                raise ValueError("Missing arguments")

            if name == "read_query":
                if not arguments["query"].strip().upper().startswith("SELECT"):
                    raise ValueError("Only SELECT queries are allowed for read_query")
                results = db.execute(arguments["query"])
                return [types.TextContent(type="text", text=str(results))]

            elif name == "create_table":
                if not arguments["query"].strip().upper().startswith("CREATE TABLE"):
                    raise ValueError("Only CREATE TABLE statements are allowed")
                db.execute(arguments["query"])
                return [types.TextContent(type="text", text="Table created successfully")]

            else:
                raise ValueError(f"Unknown tool: {name}")

        except sqlite3.Error as e:
            return [types.TextContent(type="text", text=f"Database error: {str(e)}")]
        except Exception as e:
            return [types.TextContent(type="text", text=f"Error: {str(e)}")]

    return server
