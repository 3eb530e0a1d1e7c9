from dataclasses import dataclass, field
from typing import Any


@dataclass
class App:
    name: str
    server: Any = None
    rooms: dict[str, list[str]] = field(default_factory=dict)


app = App("chat")
