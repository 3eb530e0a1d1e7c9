from mcp import types

from ..models import RunInput, SkillInput


class SkillTools:
    @staticmethod
    def definitions() -> list[types.Tool]:
        return [
            types.Tool(name="read_skill", inputSchema=SkillInput.model_json_schema()),
            types.Tool(name="run_skill_script", inputSchema=RunInput.model_json_schema()),
        ]

    @staticmethod
    async def read_skill(args: SkillInput) -> list[types.TextContent]:
        return [types.TextContent(type="text", text=args.skill_name)]

    @staticmethod
    async def run_skill_script(args: RunInput) -> list[types.TextContent]:
        return [types.TextContent(type="text", text=args.script_path)]
