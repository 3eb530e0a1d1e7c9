from typing import Any

CATALOGUE: dict[str, list[str]] = {"rain": [], "wind": []}


def search_sounds(values: dict[str, Any]) -> list[str]:
    return [name for name in CATALOGUE if values.get("query", "") in name]


def describe_sound(values: dict[str, Any]) -> list[str]:
    return CATALOGUE.get(values.get("name", ""), [])


def register_library_tools(server: Any) -> None:
    registrations = (
        ("sound_search", "Search sounds", search_sounds),
        ("sound_details", "Describe a sound", describe_sound),
    )
    for name, title, operation in registrations:

        def invoke(*, _operation=operation, **values: Any) -> list[str]:
            return _operation(values)

        invoke.__name__ = name
        invoke.__doc__ = title
        server.tool(name=name, title=title)(invoke)
