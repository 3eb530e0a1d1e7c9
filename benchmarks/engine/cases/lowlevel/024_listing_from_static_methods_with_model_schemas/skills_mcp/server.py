from typing import Any

from mcp import types
from mcp.server.lowlevel import Server

from .models import RunInput, SkillInput
from .tools.skills import SkillTools

app = Server("skills")


@app.list_tools()
async def list_tools() -> list[types.Tool]:
    tools = []
    tools.extend(SkillTools.definitions())
    return tools


@app.call_tool()
async def call_tool(name: str, arguments: Any) -> list[types.TextContent]:
    if name == "read_skill":
        return await SkillTools.read_skill(SkillInput(**arguments))
    if name == "run_skill_script":
        return await SkillTools.run_skill_script(RunInput(**arguments))
    return [types.TextContent(type="text", text=f"unknown tool {name}")]
