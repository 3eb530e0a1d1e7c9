from pathlib import Path

from fastmcp import FastMCP

mcp = FastMCP("logs")
LOG_DIR = Path("/var/log")


def make_reader(kind: str):
    def read(lines: int = 100) -> list[str]:
        return (LOG_DIR / f"{kind}.log").read_text().splitlines()[-lines:]
    return read


mcp.tool(make_reader("syslog"), name="read_syslog")
mcp.tool(make_reader("auth"), name="read_auth_log")
