from pathlib import Path
from typing import Any, Callable

SKILLS_DIR = Path(__file__).parent / "skills"


def _make_handler(text: str) -> Callable[[], str]:
    def handler() -> str:
        return text

    return handler


def register_skills(mcp: Any) -> None:
    """Register each skills/<name>/SKILL.md as a `skill_<name>` tool."""
    if not SKILLS_DIR.is_dir():
        return
    for skill_dir in sorted(p for p in SKILLS_DIR.iterdir() if p.is_dir()):
        md = skill_dir / "SKILL.md"
        if not md.is_file():
            continue
        tool_name = "skill_" + skill_dir.name.replace("-", "_")
        mcp.tool(name=tool_name)(_make_handler(md.read_text(encoding="utf-8")))
