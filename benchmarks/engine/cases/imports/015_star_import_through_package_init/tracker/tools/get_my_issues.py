async def get_my_issues(project: str) -> list[str]:
    """The issues assigned to the current user."""
    return []
