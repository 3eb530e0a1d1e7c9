from fastmcp import FastMCP

github = FastMCP("github")


@github.tool()
def list_issues(repo: str) -> list[dict]:
    return []
