from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class ToolSpec:
    name: str
    capability: str
    handler: Callable[..., Any]
    skill_only: bool = False
    confirmable: bool = False

    @property
    def confirm_name(self) -> str:
        return f"{self.name}_confirm"
