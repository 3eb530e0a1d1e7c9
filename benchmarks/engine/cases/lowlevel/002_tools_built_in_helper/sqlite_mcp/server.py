import json
import sqlite3
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

from sqlite_mcp.schemas import tool_definitions

db = sqlite3.connect("data.db")
server = Server("sqlite")


def run_query(arguments: dict[str, Any]) -> list[tuple]:
    return db.execute(arguments["sql"]).fetchall()


def list_tables(arguments: dict[str, Any]) -> list[str]:
    rows = db.execute("select name from sqlite_master where type='table'")
    return [row[0] for row in rows]


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return tool_definitions()


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    if name == "run_query":
        rows = run_query(arguments)
    elif name == "list_tables":
        rows = list_tables(arguments)
    else:
        raise ValueError(name)
    return [types.TextContent(type="text", text=json.dumps(rows))]
