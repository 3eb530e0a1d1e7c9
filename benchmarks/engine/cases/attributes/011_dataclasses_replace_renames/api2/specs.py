from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Spec:
    name: str
    fn: Callable[..., Any]


def users(limit: int = 10) -> list[dict]:
    return []


SPECS = [Spec("users", users)]
