from typing import Any

from mcp.types import Tool

from .toolset import JudgeTool


async def _verify(arguments: dict[str, Any]) -> str:
    return "verified: " + arguments["claim"]


async def _score(arguments: dict[str, Any]) -> str:
    return str(len(arguments["answer"]))


VERIFY = JudgeTool(
    Tool(name="judge_verify", inputSchema={"type": "object", "properties": {"claim": {}}}),
    _verify,
)
SCORE = JudgeTool(
    Tool(name="judge_score", inputSchema={"type": "object", "properties": {"answer": {}}}),
    _score,
)
TOOLS = (VERIFY, SCORE)
