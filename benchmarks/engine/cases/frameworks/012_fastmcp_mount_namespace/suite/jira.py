from fastmcp import FastMCP

jira = FastMCP("jira")


@jira.tool
def search(jql: str) -> list[dict]:
    return []
