from contextlib import asynccontextmanager
from typing import AsyncIterator

from fastmcp import FastMCP

from memo.tools import recall, register_tool, remember


@asynccontextmanager
async def lifespan(mcp: FastMCP) -> AsyncIterator[None]:
    register_tool(mcp, recall)
    register_tool(mcp, remember)
    yield


def main() -> None:
    mcp = FastMCP(name="memo", lifespan=lifespan)
    mcp.run()
