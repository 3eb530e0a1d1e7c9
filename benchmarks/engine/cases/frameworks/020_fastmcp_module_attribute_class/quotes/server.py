import random

import fastmcp

QUOTES = ["Simple is better than complex.", "Flat is better than nested."]
mcp = fastmcp.FastMCP("quotes")


@mcp.tool
def random_quote() -> str:
    return random.choice(QUOTES)
