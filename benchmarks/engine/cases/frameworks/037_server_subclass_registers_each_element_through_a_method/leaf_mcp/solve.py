from typing import Any

from .base import LeafMCP
from .domain import get_domain_tools


class SolveMCP(LeafMCP):
    def _register_tools(self) -> None:
        super()._register_tools()
        self._register_domain_tools(get_domain_tools())


def create(backend: Any) -> SolveMCP:
    return SolveMCP(backend)
