from fastmcp import FastMCP

from suite.jira import jira

main = FastMCP("suite")
main.mount(jira, namespace="jira")


@main.tool
def ping() -> str:
    return "pong"
