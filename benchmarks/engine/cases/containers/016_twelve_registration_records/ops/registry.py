from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Registration:
    function: Callable[..., Any]
    name: str
    category: str


_REGISTRATIONS: list[Registration] = []


def register_tool(name: str, category: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def decorator(function: Callable[..., Any]) -> Callable[..., Any]:
        _REGISTRATIONS.append(Registration(function=function, name=name, category=category))
        return function

    return decorator


def registrations() -> tuple[Registration, ...]:
    return tuple(_REGISTRATIONS)
