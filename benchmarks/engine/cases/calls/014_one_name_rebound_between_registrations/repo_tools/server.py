from fastmcp import FastMCP
from fastmcp.tools import Tool

mcp = FastMCP("repos")


def _make_list_repos_tool():
    """Create the tool function that lists the configured repos."""

    def tool_fn() -> str:
        return "\n".join(sorted(REPOS))

    tool_fn.__name__ = "list_repos"
    return tool_fn


def _make_describe_repo_tool():
    """Create the tool function that describes one repo."""

    def tool_fn(repo: str) -> str:
        return REPOS.get(repo, f"No repo {repo!r}.")

    tool_fn.__name__ = "describe_repo"
    return tool_fn


REPOS = {"api": "the public API", "web": "the web front end"}


def register_discovery_tools() -> None:
    fn = _make_list_repos_tool()
    tool = Tool.from_function(fn, name="list_repos", description="List the repos")
    mcp.add_tool(tool)

    fn = _make_describe_repo_tool()
    tool = Tool.from_function(fn, name="describe_repo", description="Describe a repo")
    mcp.add_tool(tool)


def main() -> None:
    register_discovery_tools()
    mcp.run()
