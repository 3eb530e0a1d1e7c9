"""Git server: one `match` dispatcher answering with text content blocks."""

import logging
from enum import Enum
from pathlib import Path
from typing import Any

import git
from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.types import TextContent, Tool, ToolAnnotations

logger = logging.getLogger(__name__)

READ_ONLY = ToolAnnotations(readOnlyHint=True)
WRITES = ToolAnnotations(readOnlyHint=False, destructiveHint=False)


class GitTools(str, Enum):
    STATUS = "git_status"
    LOG = "git_log"
    ADD = "git_add"
    CREATE_BRANCH = "git_create_branch"
    CHECKOUT = "git_checkout"


REPO_PATH = {"repo_path": {"type": "string"}}


async def serve(repository: Path | None) -> None:
    server = Server("mcp-git")

    @server.list_tools()
    async def list_tools() -> list[Tool]:
        return [
            Tool(
                name=GitTools.STATUS,
                description="Shows the working tree status",
                inputSchema={"type": "object", "properties": REPO_PATH},
                annotations=READ_ONLY,
            ),
            Tool(
                name=GitTools.LOG,
                description="Shows the commit logs",
                inputSchema={
                    "type": "object",
                    "properties": {**REPO_PATH, "max_count": {"type": "integer"}},
                },
                annotations=READ_ONLY,
            ),
            Tool(
                name=GitTools.ADD,
                description="Adds file contents to the staging area",
                inputSchema={
                    "type": "object",
                    "properties": {**REPO_PATH, "files": {"type": "array"}},
                },
                annotations=WRITES,
            ),
            Tool(
                name=GitTools.CREATE_BRANCH,
                description="Creates a new branch from an optional base branch",
                inputSchema={
                    "type": "object",
                    "properties": {
                        **REPO_PATH,
                        "branch_name": {"type": "string"},
                        "base_branch": {"type": "string"},
                    },
                },
                annotations=WRITES,
            ),
            Tool(
                name=GitTools.CHECKOUT,
                description="Switches branches",
                inputSchema={
                    "type": "object",
                    "properties": {**REPO_PATH, "branch_name": {"type": "string"}},
                },
                annotations=WRITES,
            ),
        ]

    @server.call_tool()
    async def call_tool(name: str, arguments: dict[str, Any]) -> list[TextContent]:
        repo = git.Repo(arguments["repo_path"])

        match name:
            case GitTools.STATUS:
                status = repo.git.status()
                return [TextContent(type="text", text=f"Repository status:\n{status}")]

            case GitTools.LOG:
                commits = list(repo.iter_commits(max_count=arguments.get("max_count", 10)))
                lines = [f"{c.hexsha[:8]} {c.summary}" for c in commits]
                return [
                    TextContent(
                        type="text",
                        text="Commit history:\n" + "\n".join(lines),
                    )
                ]

            case GitTools.ADD:
                repo.index.add(arguments["files"])
                return [TextContent(type="text", text="Files staged successfully")]

            case GitTools.CREATE_BRANCH:
                base = repo.refs[arguments.get("base_branch") or repo.active_branch.name]
                branch = repo.create_head(arguments["branch_name"], base)
                return [TextContent(type="text", text=f"Created branch '{branch.name}'")]

            case GitTools.CHECKOUT:
                repo.git.checkout(arguments["branch_name"])
                return [
                    TextContent(
                        type="text", text=f"Switched to branch '{arguments['branch_name']}'"
                    )
                ]

            case _:
                raise ValueError(f"Unknown tool: {name}")

    async with stdio_server() as (read_stream, write_stream):
        options = server.create_initialization_options()
        await server.run(read_stream, write_stream, options, raise_exceptions=True)
