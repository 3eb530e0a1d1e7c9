from mcp.server.fastmcp import FastMCP as MCPApp

application = MCPApp("transit")
