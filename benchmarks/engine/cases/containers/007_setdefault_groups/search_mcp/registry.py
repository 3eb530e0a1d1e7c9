from collections.abc import Callable

GROUPS: dict[str, list[Callable]] = {}


def in_group(group: str):
    def add(fn: Callable) -> Callable:
        GROUPS.setdefault(group, []).append(fn)
        return fn
    return add
