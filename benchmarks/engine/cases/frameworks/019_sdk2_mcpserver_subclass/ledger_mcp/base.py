from mcp.server.mcpserver import MCPServer


class AuditedServer(MCPServer):
    """Records every tool call in an audit log."""

    audit_log: list[str] = []
