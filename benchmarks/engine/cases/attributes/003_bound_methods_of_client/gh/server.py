import os

from fastmcp import FastMCP

from gh.client import GitHubClient

client = GitHubClient(os.environ["GITHUB_TOKEN"])
mcp = FastMCP("github")
mcp.tool(client.get_repo)
mcp.tool(client.create_issue)
