"""A registry of tools, filled by a decorator where each tool is defined."""

from typing import Any, Callable

REGISTRY: dict[str, dict[str, Any]] = {}


def tool(name: str, properties: dict[str, Any]) -> Callable[[Callable[..., str]], Callable[..., str]]:
    def register(fn: Callable[..., str]) -> Callable[..., str]:
        REGISTRY[name] = {"fn": fn, "schema": {"type": "object", "properties": properties}}
        return fn

    return register
