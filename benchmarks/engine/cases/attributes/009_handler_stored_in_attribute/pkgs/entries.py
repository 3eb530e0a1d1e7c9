from dataclasses import dataclass
from typing import Any, Callable


@dataclass
class ToolEntry:
    name: str
    handler: Callable[..., Any]


def search_packages(query: str) -> list[str]:
    return []


def package_info(name: str) -> dict:
    return {"name": name}


ENTRIES = [ToolEntry("pypi_search", search_packages), ToolEntry("pypi_info", package_info)]
