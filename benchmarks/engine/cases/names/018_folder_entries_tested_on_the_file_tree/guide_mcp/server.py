from mcp.server.fastmcp import FastMCP

from .skills_loader import register_skills

mcp = FastMCP("guide")


@mcp.tool()
def list_guides() -> list[str]:
    """The guides this server knows."""
    return ["release-notes", "triage"]


register_skills(mcp)


def main() -> None:
    mcp.run()
