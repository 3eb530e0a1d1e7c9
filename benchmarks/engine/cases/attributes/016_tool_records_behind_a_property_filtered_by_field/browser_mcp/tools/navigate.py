from ..tool import ToolSpec


async def _navigate(page, params):
    await page.goto(params["url"])


async def _replay(page, params):
    return params["script"]


navigate_tools = [
    ToolSpec(name="browser_navigate", capability="core-navigation", handler=_navigate),
    ToolSpec(name="browser_replay", capability="core", handler=_replay, skill_only=True),
]
