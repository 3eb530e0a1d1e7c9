from ml.base import *  # noqa: F403


@mcp.tool  # noqa: F405
def list_models() -> list[str]:
    return sorted(MODELS)  # noqa: F405
