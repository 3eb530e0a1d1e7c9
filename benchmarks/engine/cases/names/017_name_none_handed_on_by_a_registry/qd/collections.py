from .registry import ToolRegistry


def register(registry: ToolRegistry) -> None:
    async def collection_list() -> list[str]:
        return []

    async def collection_drop(name: str) -> bool:
        return True

    registry.register(collection_list, toolset="core")
    registry.register(collection_drop, toolset="core", name="collection_delete")
