import shutil
from pathlib import Path

from fastmcp import FastMCP

mcp = FastMCP("backup")
ROOT = Path("/srv/backups")


@mcp.tool
def list_backups() -> list[str]:
    """Backups on disk."""
    return sorted(p.name for p in ROOT.iterdir())


def purge_backups(older_than_days: int) -> int:
    """Delete old backups (run by cron, not exposed)."""
    shutil.rmtree(ROOT / "old")
    return 0
