"""toolargs: check and enforce the tool argument validation policy of MCP servers."""

__version__ = "0.1.0"
