from fastmcp import FastMCP

users = FastMCP("users")


@users.tool
def get_user(user_id: int) -> dict:
    return {"id": user_id}
