import json
from pathlib import Path

from fastmcp import FastMCP

CONFIG = json.loads((Path(__file__).parent / "tools.json").read_text())
mcp = FastMCP("bridge")


def forward(payload: dict) -> dict:
    return payload


for entry in CONFIG["tools"]:
    mcp.tool(forward, name=entry["name"])
