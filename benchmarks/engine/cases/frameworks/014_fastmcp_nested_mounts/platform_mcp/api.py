from fastmcp import FastMCP

from platform_mcp.users import users

api = FastMCP("api")
api.mount(users, namespace="users")
