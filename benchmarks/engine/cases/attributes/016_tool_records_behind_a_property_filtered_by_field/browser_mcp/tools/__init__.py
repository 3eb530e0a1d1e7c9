from ..tool import ToolSpec
from .navigate import navigate_tools
from .pdf import pdf_tools

ALL_TOOLS = [*navigate_tools, *pdf_tools]


def enabled_tools(caps: list[str]) -> list[ToolSpec]:
    return [
        spec for spec in ALL_TOOLS
        if not spec.skill_only and (spec.capability.startswith("core") or spec.capability in caps)
    ]
