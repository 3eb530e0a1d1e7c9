import feedparser
from fastmcp import FastMCP

FEEDS: dict[str, str] = {}
TOOLSET = set()


def fetch_feed(url: str) -> list[str]:
    return [entry.title for entry in feedparser.parse(url).entries]


def subscribe(name: str, url: str) -> None:
    FEEDS[name] = url


TOOLSET.add(fetch_feed)
TOOLSET.add(subscribe)

mcp = FastMCP("rss")
for fn in sorted(TOOLSET, key=lambda f: f.__name__):
    mcp.add_tool(fn)
