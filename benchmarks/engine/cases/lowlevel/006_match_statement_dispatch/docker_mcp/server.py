import json
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("docker")

import subprocess

SCHEMA = {"type": "object", "properties": {"container": {"type": "string"}}}


def ps(arguments: dict[str, Any]) -> str:
    return subprocess.run(["docker", "ps"], capture_output=True, text=True).stdout


def stop(arguments: dict[str, Any]) -> str:
    return subprocess.run(["docker", "stop", arguments["container"]], capture_output=True, text=True).stdout


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [types.Tool(name="docker_ps", inputSchema={"type": "object", "properties": {}}),
            types.Tool(name="docker_stop", inputSchema=SCHEMA)]


@server.call_tool()
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    match name:
        case "docker_ps":
            text = ps(arguments)
        case "docker_stop":
            text = stop(arguments)
        case _:
            raise ValueError(name)
    return [types.TextContent(type="text", text=text)]
