import pytest
from fastmcp import Client

from dict_mcp.server import mcp

EXPECTED_TOOLS = ["lookup"]


@pytest.mark.asyncio
async def test_tools_listed() -> None:
    async with Client(mcp) as client:
        tools = await client.list_tools()
        assert [t.name for t in tools] == EXPECTED_TOOLS


@pytest.mark.asyncio
async def test_unknown_tool_fails() -> None:
    async with Client(mcp) as client:
        with pytest.raises(Exception):
            await client.call_tool("define", {"word": "x"})
