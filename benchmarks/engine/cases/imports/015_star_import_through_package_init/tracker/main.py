from mcp.server import FastMCP

from tracker.tools import *

app = FastMCP(name="tracker")

app.add_tool(get_my_issues)
app.add_tool(add_issue_comment)


def main() -> None:
    app.run(transport="stdio")
