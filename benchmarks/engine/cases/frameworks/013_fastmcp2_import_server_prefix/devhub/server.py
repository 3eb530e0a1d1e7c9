import asyncio

from fastmcp import FastMCP

from devhub.github import github

main = FastMCP("devhub")


async def setup() -> None:
    await main.import_server(github, prefix="gh")


asyncio.run(setup())
